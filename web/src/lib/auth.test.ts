import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  type AuthEnvironment,
  auth,
  createAuth,
  decodeToken,
  safeRedirect,
  type TokenAnswer,
} from "./auth.ts";
import { ApiError } from "./errors.ts";

const KEY = "recipes.session";
const NOW = new Date("2026-11-24T12:00:00Z").getTime();

/** A token with the API's claims; the app never checks the signature (the API does). */
function token(claims: { sub: string; role: string; exp: number; n?: number }): string {
  const part = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
  return `${part({ alg: "HS256", typ: "JWT" })}.${part({ ...claims, iat: claims.exp - 1800 })}.signature`;
}
const inMinutes = (minutes: number) => Math.floor(NOW / 1000) + minutes * 60;

let issued = 0;
/** What the API answers a log-in or a refresh: 30 minutes, and a new refresh token each time. */
function answer(sub = "3", exp = inMinutes(30)): TokenAnswer {
  issued += 1;
  return {
    access_token: token({ sub, role: "user", exp, n: issued }),
    expires_in: 1800,
    refresh_token: `r${issued}`,
  };
}

/** A storage of its own (a "device"), a lock shared like navigator.locks, and a fake refresh endpoint. */
function device() {
  const items = new Map<string, string>();
  const storage = {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  } as Storage;
  let queue: Promise<unknown> = Promise.resolve();
  const presented: string[] = [];
  const server = {
    reply: (_refreshToken: string): Promise<TokenAnswer | number> => Promise.resolve(answer()),
  };
  const env: AuthEnvironment = {
    storage: () => storage,
    withLock: <T>(task: () => Promise<T>) => {
      const run = queue.then(task);
      queue = run.catch(() => undefined);
      return run;
    },
    refresh: (refreshToken) => {
      presented.push(refreshToken);
      return server.reply(refreshToken);
    },
  };
  /** A tab of the device; `tabs` hear each other's writes as the storage event would tell them. */
  const tabs: ReturnType<typeof createAuth>[] = [];
  const tab = () => {
    const t = createAuth({
      ...env,
      storage: () =>
        ({
          ...storage,
          setItem: (k: string, v: string) => {
            storage.setItem(k, v);
            for (const other of tabs) if (other !== t) other.storageChanged(k);
          },
          removeItem: (k: string) => {
            storage.removeItem(k);
            for (const other of tabs) if (other !== t) other.storageChanged(k);
          },
          getItem: storage.getItem,
        }) as Storage,
    });
    tabs.push(t);
    t.reload();
    return t;
  };
  return { storage, presented, server, tab };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
  auth.signOut();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("decodeToken", () => {
  it("reads the user id, role and expiry", () => {
    expect(decodeToken(token({ sub: "7", role: "admin", exp: inMinutes(30) }))).toMatchObject({
      userId: 7,
      role: "admin",
      exp: inMinutes(30),
    });
  });

  it("refuses what is not one of the API's tokens", () => {
    expect(decodeToken("not a token")).toBeNull();
    expect(decodeToken(token({ sub: "abc", role: "user", exp: inMinutes(30) }))).toBeNull();
  });
});

describe("the session", () => {
  it("keeps the access and refresh tokens in localStorage and sends the access token", () => {
    const a = answer();
    auth.signIn(a);
    expect(JSON.parse(localStorage.getItem(KEY) ?? "{}")).toMatchObject({
      access_token: a.access_token,
      refresh_token: a.refresh_token,
    });
    expect(auth.token()).toBe(a.access_token);
    expect(auth.state()).toMatchObject({
      session: { userId: 3, refreshToken: a.refresh_token },
      expired: false,
    });
  });

  it("is timed from expires_in on this device's clock, not from exp: a clock 10 minutes fast changes nothing", () => {
    const { tab } = device();
    const t = tab();
    // The device thinks it is 10 minutes later than the API does: exp is 20 minutes away by its clock.
    vi.setSystemTime(NOW + 10 * 60_000);
    t.signIn({
      access_token: token({ sub: "3", role: "user", exp: inMinutes(30) }),
      expires_in: 1800,
      refresh_token: "r",
    });
    expect(t.state().session).toMatchObject({ expiresAt: NOW + 40 * 60_000, refreshAt: NOW + 38 * 60_000 });
    // The claim would have it run out in 20 minutes; the app still sends it at 25.
    vi.setSystemTime(NOW + 35 * 60_000);
    expect(t.token()).not.toBeNull();
  });

  it("reads an older app's stored token (without a refresh token) and ends it when it runs out", () => {
    localStorage.setItem(KEY, token({ sub: "9", role: "user", exp: inMinutes(10) }));
    auth.reload();
    expect(auth.state().session).toMatchObject({ userId: 9, refreshToken: null });
    localStorage.setItem(KEY, token({ sub: "3", role: "user", exp: inMinutes(-5) }));
    auth.reload();
    expect(auth.state()).toEqual({ session: null, expired: true, userId: 3 });
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it("logging out is not an ended session", () => {
    auth.signIn(answer());
    auth.signOut();
    expect(auth.state()).toEqual({ session: null, expired: false, userId: null });
  });

  it("forgets that it ended once acknowledged", () => {
    auth.signIn(answer());
    auth.expire();
    expect(auth.state().expired).toBe(true);
    auth.acknowledgeExpiry();
    expect(auth.state().expired).toBe(false);
  });
});

describe("refreshing (never logged out by the clock)", () => {
  it("refreshes 2 minutes before the token runs out, by itself, and keeps the new pair", async () => {
    const { tab, presented, storage } = device();
    const t = tab();
    const first = answer();
    t.signIn(first);
    await vi.advanceTimersByTimeAsync(28 * 60_000 - 1);
    expect(presented).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(presented).toEqual([first.refresh_token]);
    const renewed = t.state().session;
    expect(renewed?.token).not.toBe(first.access_token);
    expect(JSON.parse(storage.getItem(KEY) ?? "{}").refresh_token).toBe(renewed?.refreshToken);
    // And again 28 minutes after that: an hour, two refreshes, still signed in.
    await vi.advanceTimersByTimeAsync(32 * 60_000);
    expect(presented).toHaveLength(2);
    expect(t.state()).toMatchObject({ expired: false, session: { userId: 3 } });
  });

  it("after the device slept past the token's end, asks for a new one before sending anything", async () => {
    const { tab, presented } = device();
    const t = tab();
    t.signIn(answer());
    vi.setSystemTime(NOW + 3 * 60 * 60_000); // timers did not run meanwhile
    expect(t.token()).toBeNull(); // never the one that ran out…
    const sent = await t.freshToken(); // …but a fresh one
    expect(presented).toHaveLength(1);
    expect(sent).toBe(t.state().session?.token);
  });

  it("refreshes once for many requests at once (single flight in a tab)", async () => {
    const { tab, presented } = device();
    const t = tab();
    t.signIn(answer());
    vi.setSystemTime(NOW + 29 * 60_000);
    const tokens = await Promise.all([t.freshToken(), t.freshToken(), t.freshToken()]);
    expect(presented).toHaveLength(1);
    expect(new Set(tokens).size).toBe(1);
  });

  it("one refresh across tabs: the tab that comes second takes the pair the first one got, and spends nothing", async () => {
    const { tab, presented, server } = device();
    const one = tab();
    const two = tab();
    one.signIn(answer());
    expect(two.state().session?.token).toBe(one.state().session?.token); // the storage event
    // The API answers slowly, so both tabs' timers are due while the first refresh is on its way.
    server.reply = () => new Promise((resolve) => setTimeout(() => resolve(answer()), 500));
    await vi.advanceTimersByTimeAsync(28 * 60_000 + 1_000);
    expect(presented).toHaveLength(1);
    expect(two.state().session?.token).toBe(one.state().session?.token);
    expect(two.state().session?.refreshToken).toBe(one.state().session?.refreshToken);
  });

  it("a tab whose timer did not run (asleep) finds the pair another tab renewed, and takes it", async () => {
    const { tab, presented } = device();
    const one = tab();
    one.signIn(answer());
    const two = tab();
    const stale = two.state().session?.token ?? "";
    await one.renew(one.state().session?.token ?? ""); // the first tab renews (a 401 there)
    expect(presented).toHaveLength(1);
    // The second tab missed the storage event's effect: it asks with the token it had.
    expect(await two.renew(stale)).toBe(one.state().session?.token);
    expect(presented).toHaveLength(1);
  });

  it("offline: the refresh finds no service, the session stays (no log-in asked), nothing is sent with the old token", async () => {
    const { tab, server } = device();
    const t = tab();
    t.signIn(answer());
    server.reply = async () => 0;
    vi.setSystemTime(NOW + 31 * 60_000);
    await expect(t.freshToken()).rejects.toSatisfy((e) => e instanceof ApiError && e.unreachable);
    expect(t.state()).toMatchObject({ expired: false, session: { userId: 3 } });
    // Back online: the next try renews it.
    server.reply = async () => answer();
    const fresh = await t.freshToken();
    expect(fresh).toBe(t.state().session?.token);
    expect(fresh).not.toBeNull();
  });

  it("ends (and asks for a log-in) only when the refresh is answered 401; the app stays the person's", async () => {
    const { tab, server, storage } = device();
    const t = tab();
    const other = tab();
    t.signIn(answer());
    server.reply = async () => 503;
    expect(await t.renew(t.state().session?.token ?? "")).toBeNull();
    expect(t.state().expired).toBe(false);
    server.reply = async () => 401;
    expect(await t.renew(t.state().session?.token ?? "")).toBeNull();
    expect(t.state()).toEqual({ session: null, expired: true, userId: 3 });
    expect(storage.getItem(KEY)).toBeNull();
    // The other tab hears that it ended there: it asks too.
    expect(other.state()).toEqual({ session: null, expired: true, userId: 3 });
  });

  it("a 401 to a request renews the session: the token to try once more with", async () => {
    const { tab, presented } = device();
    const t = tab();
    t.signIn(answer());
    const sent = t.state().session?.token ?? "";
    const next = await t.renew(sent);
    expect(next).not.toBe(sent);
    expect(next).toBe(t.state().session?.token);
    expect(presented).toHaveLength(1);
  });
});

describe("whose the app is (issue 36: the changes made offline are the person's)", () => {
  it("stays the person's while the session has ended and after the log-in form acknowledged it", () => {
    auth.signIn(answer());
    auth.expire();
    expect(auth.state()).toEqual({ session: null, expired: true, userId: 3 });
    auth.acknowledgeExpiry();
    expect(auth.state()).toEqual({ session: null, expired: false, userId: 3 });
    auth.signIn(answer());
    expect(auth.state().userId).toBe(3);
  });

  it("is nobody's after a log-out, and the other person's after their log-in", () => {
    auth.signIn(answer("3"));
    auth.signIn(answer("4"));
    expect(auth.state().userId).toBe(4);
    auth.signOut();
    expect(auth.state().userId).toBeNull();
    expect(localStorage.getItem("recipes.user")).toBeNull();
  });

  it("is still the person's after a reload once the session is gone, and follows another tab's log-out", () => {
    auth.signIn(answer());
    auth.expire();
    auth.reload();
    expect(auth.state()).toMatchObject({ session: null, userId: 3 });

    auth.signIn(answer());
    localStorage.removeItem(KEY);
    window.dispatchEvent(new StorageEvent("storage", { key: KEY }));
    expect(auth.state()).toMatchObject({ session: null, userId: 3 });
    localStorage.removeItem("recipes.user");
    window.dispatchEvent(new StorageEvent("storage", { key: "recipes.user" }));
    expect(auth.state()).toMatchObject({ session: null, userId: null });
  });
});

describe("nextToken (what a waiting change is sent with)", () => {
  it("is the session's token while it lives", async () => {
    const a = answer();
    auth.signIn(a);
    await expect(auth.nextToken()).resolves.toBe(a.access_token);
  });

  it("when the session has ended, none: it waits for the next log-in and is that one's token", async () => {
    auth.signIn(answer());
    auth.expire();
    let sent: string | undefined;
    void auth.nextToken().then((t) => {
      sent = t;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toBeUndefined();
    auth.acknowledgeExpiry(); // the log-in form
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toBeUndefined();
    const next = answer();
    auth.signIn(next);
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toBe(next.access_token);
  });
});

describe("safeRedirect", () => {
  it("returns to a page of this app, search included", () => {
    expect(safeRedirect("/recipes/5?servings=8")).toBe("/recipes/5?servings=8");
    expect(safeRedirect("/my-recipes")).toBe("/my-recipes");
  });

  it("never to another site", () => {
    expect(safeRedirect("https://evil.example/")).toBe("/");
    expect(safeRedirect("//evil.example/")).toBe("/");
    expect(safeRedirect("/\\evil.example/")).toBe("/");
    expect(safeRedirect(undefined)).toBe("/");
  });
});

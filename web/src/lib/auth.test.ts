import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { auth, decodeToken, safeRedirect } from "./auth.ts";

const KEY = "recipes.session";
const NOW = new Date("2026-11-24T12:00:00Z").getTime();

/** A token with the API's claims; the app never checks the signature (the API does). */
function token(claims: { sub: string; role: string; exp: number }): string {
  const part = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
  return `${part({ alg: "HS256", typ: "JWT" })}.${part({ ...claims, iat: claims.exp - 1800 })}.signature`;
}
const inMinutes = (minutes: number) => Math.floor(NOW / 1000) + minutes * 60;

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
      expiresAt: NOW + 30 * 60_000,
    });
  });

  it("refuses what is not one of the API's tokens", () => {
    expect(decodeToken("not a token")).toBeNull();
    expect(decodeToken(token({ sub: "abc", role: "user", exp: inMinutes(30) }))).toBeNull();
  });
});

describe("the session", () => {
  it("keeps the token in localStorage and sends it until it expires", () => {
    const t = token({ sub: "3", role: "user", exp: inMinutes(30) });
    auth.signIn(t);
    expect(localStorage.getItem(KEY)).toBe(t);
    expect(auth.token()).toBe(t);
    expect(auth.state()).toMatchObject({ session: { userId: 3 }, expired: false });
  });

  it("ends by itself when the 30 minutes are over, saying it expired, and tells its listeners", () => {
    const listener = vi.fn();
    const unsubscribe = auth.subscribe(listener);
    auth.signIn(token({ sub: "3", role: "user", exp: inMinutes(30) }));
    listener.mockClear();
    vi.advanceTimersByTime(30 * 60_000 - 1);
    expect(auth.state().session).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(auth.state()).toEqual({ session: null, expired: true, userId: 3 });
    expect(localStorage.getItem(KEY)).toBeNull();
    expect(listener).toHaveBeenCalled();
    unsubscribe();
  });

  it("never sends a token past its expiry, even before the timer fired", () => {
    auth.signIn(token({ sub: "3", role: "user", exp: inMinutes(30) }));
    vi.setSystemTime(NOW + 31 * 60_000); // the laptop slept: timers did not run
    expect(auth.token()).toBeNull();
    expect(auth.state().expired).toBe(true);
  });

  it("treats a stored token that ran out while the app was closed as expired, not as never logged in", () => {
    localStorage.setItem(KEY, token({ sub: "3", role: "user", exp: inMinutes(-5) }));
    auth.reload();
    expect(auth.state()).toEqual({ session: null, expired: true, userId: 3 });
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it("picks up a still valid stored token", () => {
    localStorage.setItem(KEY, token({ sub: "9", role: "user", exp: inMinutes(10) }));
    auth.reload();
    expect(auth.state().session?.userId).toBe(9);
  });

  it("logging out is not an expiry", () => {
    auth.signIn(token({ sub: "3", role: "user", exp: inMinutes(30) }));
    auth.signOut();
    expect(auth.state()).toEqual({ session: null, expired: false, userId: null });
  });

  it("forgets the expiry once acknowledged", () => {
    auth.signIn(token({ sub: "3", role: "user", exp: inMinutes(30) }));
    auth.expire();
    expect(auth.state().expired).toBe(true);
    auth.acknowledgeExpiry();
    expect(auth.state().expired).toBe(false);
  });
});

describe("whose the app is (issue 36: the changes made offline are the person's)", () => {
  it("stays the person's while the session has expired and after the log-in form acknowledged it", () => {
    auth.signIn(token({ sub: "3", role: "user", exp: inMinutes(30) }));
    vi.advanceTimersByTime(30 * 60_000);
    expect(auth.state()).toEqual({ session: null, expired: true, userId: 3 });
    auth.acknowledgeExpiry();
    expect(auth.state()).toEqual({ session: null, expired: false, userId: 3 });
    auth.signIn(token({ sub: "3", role: "user", exp: inMinutes(60) }));
    expect(auth.state().userId).toBe(3);
  });

  it("is nobody's after a log-out, and the other person's after their log-in", () => {
    auth.signIn(token({ sub: "3", role: "user", exp: inMinutes(30) }));
    auth.signIn(token({ sub: "4", role: "user", exp: inMinutes(30) }));
    expect(auth.state().userId).toBe(4);
    auth.signOut();
    expect(auth.state().userId).toBeNull();
    expect(localStorage.getItem("recipes.user")).toBeNull();
  });

  it("is still the person's after a reload once the token is gone, and follows another tab's log-out, not its expiry", () => {
    auth.signIn(token({ sub: "3", role: "user", exp: inMinutes(30) }));
    auth.expire();
    auth.reload();
    expect(auth.state()).toMatchObject({ session: null, userId: 3 });

    auth.signIn(token({ sub: "3", role: "user", exp: inMinutes(30) }));
    // Another tab's session expired (a 401 there): the token goes, the person stays.
    localStorage.removeItem(KEY);
    window.dispatchEvent(new StorageEvent("storage", { key: KEY }));
    expect(auth.state()).toMatchObject({ session: null, userId: 3 });
    // Another tab logged out: both go.
    localStorage.removeItem("recipes.user");
    window.dispatchEvent(new StorageEvent("storage", { key: "recipes.user" }));
    expect(auth.state()).toMatchObject({ session: null, userId: null });
  });
});

describe("nextToken (what a waiting change is sent with)", () => {
  it("is the session's token while it lives", async () => {
    const t = token({ sub: "3", role: "user", exp: inMinutes(30) });
    auth.signIn(t);
    await expect(auth.nextToken()).resolves.toBe(t);
  });

  it("never one past its expiry, nor none: it waits for the next log-in and is that one's token", async () => {
    auth.signIn(token({ sub: "3", role: "user", exp: inMinutes(30) }));
    vi.setSystemTime(NOW + 31 * 60_000); // offline in a shop for 31 minutes, the timer not yet run
    let sent: string | undefined;
    void auth.nextToken().then((t) => {
      sent = t;
    });
    await Promise.resolve();
    expect(sent).toBeUndefined();
    expect(auth.state().expired).toBe(true);
    auth.acknowledgeExpiry(); // the log-in form
    await Promise.resolve();
    expect(sent).toBeUndefined();
    const next = token({ sub: "3", role: "user", exp: Math.floor(Date.now() / 1000) + 1800 });
    auth.signIn(next);
    await Promise.resolve();
    expect(sent).toBe(next);
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

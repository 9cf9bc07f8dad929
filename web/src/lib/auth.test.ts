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
    expect(auth.state()).toEqual({ session: null, expired: true });
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
    expect(auth.state()).toEqual({ session: null, expired: true });
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
    expect(auth.state()).toEqual({ session: null, expired: false });
  });

  it("forgets the expiry once acknowledged", () => {
    auth.signIn(token({ sub: "3", role: "user", exp: inMinutes(30) }));
    auth.expire();
    expect(auth.state().expired).toBe(true);
    auth.acknowledgeExpiry();
    expect(auth.state().expired).toBe(false);
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

/**
 * The session: the API's bearer token, kept in localStorage (README, "Web app" says why), with the
 * user id, role and expiry read from the token itself. It is a tiny external store so React reads it
 * with useSyncExternalStore and every tab follows a log-in or log-out in another tab.
 *
 * Expiry: the token lives 30 minutes. When it runs out (timer, or the API answering 401 to it) the
 * session ends with `expired: true`; the shell then asks the person to log in again, and the log-in
 * page sends them back to the page they were on.
 *
 * Whose the app is (`userId`) outlives the session: an expired session is still that person's (their
 * changes made offline wait for them, lib/offline.ts) until they log out or someone else logs in. It
 * is kept in localStorage too, so a reload and the other tabs know it.
 */
import { useSyncExternalStore } from "react";
import type { components } from "./api/schema";

const STORAGE_KEY = "recipes.session";
const USER_KEY = "recipes.user";

export type Role = components["schemas"]["Role"];
export type Session = { token: string; userId: number; role: Role; expiresAt: number };
/**
 * `userId`: the person the app is signed in for: the session's, and still theirs once it expired
 * (and after the notice was dismissed); null only before a log-in and after a log-out.
 */
export type AuthState = { session: Session | null; expired: boolean; userId: number | null };

/** Reads the claims the API puts in its tokens (CONTRACT.md): sub, role, exp. Null if not a JWT. */
export function decodeToken(token: string): Session | null {
  try {
    const payload = token.split(".")[1];
    if (!payload) return null;
    const json = atob(payload.replace(/-/g, "+").replace(/_/g, "/"));
    const claims = JSON.parse(json) as { sub?: unknown; role?: unknown; exp?: unknown };
    const userId = Number(claims.sub);
    if (!Number.isInteger(userId) || typeof claims.exp !== "number") return null;
    const role: Role = claims.role === "admin" ? "admin" : "user";
    return { token, userId, role, expiresAt: claims.exp * 1000 };
  } catch {
    return null;
  }
}

function readStored(): { session: Session | null; userId: number | null } {
  try {
    const token = localStorage.getItem(STORAGE_KEY);
    const session = token ? decodeToken(token) : null;
    const kept = Number(localStorage.getItem(USER_KEY) || Number.NaN);
    return { session, userId: session?.userId ?? (Number.isInteger(kept) ? kept : null) };
  } catch {
    // storage disabled: the person can still browse, just not stay logged in
    return { session: null, userId: null };
  }
}

/** Stores the token (null: none) and whose the app is (null after a log-out). */
function write(token: string | null, userId: number | null) {
  try {
    if (userId === null) localStorage.removeItem(USER_KEY);
    else localStorage.setItem(USER_KEY, String(userId));
    if (token) localStorage.setItem(STORAGE_KEY, token);
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // see readStored
  }
}

let state: AuthState = { session: null, expired: false, userId: null };
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setTimeout> | undefined;

function set(next: AuthState) {
  state = next;
  clearTimeout(timer);
  const session = next.session;
  if (session) timer = setTimeout(() => auth.expire(), Math.max(0, session.expiresAt - Date.now()));
  for (const listener of listeners) listener();
}

/** A stored token that already ran out counts as an expired session, not as "never logged in". */
function load() {
  const { session, userId } = readStored();
  if (session && session.expiresAt <= Date.now()) {
    write(null, userId);
    set({ session: null, expired: true, userId });
  } else set({ session, expired: false, userId });
}

/** A session whose token has not run out yet (no side effect: safe inside a listener). */
const liveToken = (): string | null => {
  const session = state.session;
  return session && session.expiresAt > Date.now() ? session.token : null;
};

export const auth = {
  state: (): AuthState => state,

  /** The token to send, or null; a token past its expiry ends the session instead of being sent. */
  token(): string | null {
    const session = state.session;
    if (!session) return null;
    if (session.expiresAt <= Date.now()) {
      auth.expire();
      return null;
    }
    return session.token;
  },

  /** Starts a session from a token the API just issued. */
  signIn(token: string) {
    const session = decodeToken(token);
    if (!session) throw new Error("The service answered with a token this app cannot read.");
    write(token, session.userId);
    set({ session, expired: false, userId: session.userId });
  },

  /** Logs out: the app is nobody's any more (what waited for this person is dropped, lib/offline.ts). */
  signOut() {
    write(null, null);
    set({ session: null, expired: false, userId: null });
  },

  /** Ends the session because the token ran out or the API refused it; the app is still the person's. */
  expire() {
    if (!state.session) return;
    write(null, state.userId);
    set({ ...state, session: null, expired: true });
  },

  /**
   * The token to send as soon as there is one: now, or once the person has logged in again. For the
   * changes that wait (lib/offline.ts): they are never sent without a token or with one that ran out.
   */
  nextToken(): Promise<string> {
    const now = auth.token();
    if (now) return Promise.resolve(now);
    return new Promise((resolve) => {
      const stop = auth.subscribe(() => {
        const token = liveToken();
        if (token) {
          stop();
          resolve(token);
        }
      });
    });
  },

  /** Forgets that a session expired (after the person has seen the message); still the person's app. */
  acknowledgeExpiry() {
    if (state.expired) set({ ...state, expired: false });
  },

  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },

  /** Re-reads the stored token: at start-up, in tests, and when another tab changed it. */
  reload: load,
};

load();
if (typeof window !== "undefined") {
  window.addEventListener("storage", (event) => {
    if (event.key === STORAGE_KEY || event.key === USER_KEY || event.key === null) load();
  });
}

export function useAuth(): AuthState {
  return useSyncExternalStore(auth.subscribe, auth.state, auth.state);
}

/**
 * Where to go after logging in: only a path of this app (`/recipes/5?servings=8`), never another
 * site, so a crafted `?redirect=` link cannot send a person elsewhere.
 */
export function safeRedirect(target: string | undefined): string {
  if (!target?.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return "/";
  return target;
}

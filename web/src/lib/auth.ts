/**
 * The session: the API's access token (30 minutes) and its refresh token (CONTRACT.md, "Staying
 * signed in"), kept in localStorage (README, "Web app" says why), with the user id and role read from
 * the access token. It is a tiny external store so React reads it with useSyncExternalStore and every
 * tab follows a log-in, a refresh or a log-out in another tab.
 *
 * Staying signed in: an access token is renewed with the refresh token before it runs out, timed
 * from the `expires_in` it came with, counted on this device's clock from the moment it arrived (a
 * phone's clock is often minutes wrong, so the token's `exp` read against it says nothing); also when
 * a timer comes late (the device slept), when the page is visible again or back online, and when the
 * API answers 401 (lib/api/client.ts then sends the request again, once, with the new token).
 * One refresh at a time across tabs: it runs under a Web Lock (navigator.locks), and the tab that
 * gets the lock first reads the stored session again; when another tab rotated the refresh token
 * meanwhile it takes the new pair instead of spending a spent one (which would end the session).
 *
 * The session ends (`expired: true`, and the shell asks the person to log in again) only when the
 * API says it has: the refresh answered 401 (logged out elsewhere, ended from another device, the
 * password changed, the refresh token too old). Offline a refresh fails and the session stays: the
 * kept lists stay on the screen, and what needs the API waits (lib/offline.ts, lib/connection.ts).
 *
 * Whose the app is (`userId`) outlives the session: an ended session is still that person's (their
 * changes made offline wait for them, lib/offline.ts) until they log out or someone else logs in. It
 * is kept in localStorage too, so a reload and the other tabs know it.
 */
import { useSyncExternalStore } from "react";
import { API_URL } from "./api/origin.ts";
import type { components } from "./api/schema";
import { ApiError, UNREACHABLE_MESSAGE } from "./errors.ts";

const STORAGE_KEY = "recipes.session";
const USER_KEY = "recipes.user";
const LOCK_NAME = "recipes.refresh";
/** Refresh this long before the access token runs out (a quarter of its life when that is shorter). */
const REFRESH_EARLY_MS = 2 * 60_000;
/** After a refresh that found no service (offline, 5xx), the next try, unless an event comes first. */
const RETRY_MS = 15_000;

export type Role = components["schemas"]["Role"];
/** What a log-in or a refresh answers, as far as the session needs it. */
export type TokenAnswer = Pick<components["schemas"]["TokenRead"], "access_token" | "expires_in"> & {
  refresh_token?: string | null;
};
/**
 * `expiresAt` and `refreshAt`: this device's clock when the access token runs out and when it is
 * renewed, from its `expires_in`. `refreshToken` null: a session kept by an older version of the
 * app, which ends when its token runs out.
 */
export type Session = {
  token: string;
  refreshToken: string | null;
  userId: number;
  role: Role;
  expiresAt: number;
  refreshAt: number;
};
/**
 * `userId`: the person the app is signed in for: the session's, and still theirs once it ended
 * (and after the notice was dismissed); null only before a log-in and after a log-out.
 */
export type AuthState = { session: Session | null; expired: boolean; userId: number | null };

/** Reads the claims the API puts in its tokens (CONTRACT.md): sub, role, exp. Null if not a JWT. */
export function decodeToken(token: string): { userId: number; role: Role; exp: number } | null {
  try {
    const payload = token.split(".")[1];
    if (!payload) return null;
    const json = atob(payload.replace(/-/g, "+").replace(/_/g, "/"));
    const claims = JSON.parse(json) as { sub?: unknown; role?: unknown; exp?: unknown };
    const userId = Number(claims.sub);
    if (!Number.isInteger(userId) || typeof claims.exp !== "number") return null;
    const role: Role = claims.role === "admin" ? "admin" : "user";
    return { userId, role, exp: claims.exp };
  } catch {
    return null;
  }
}

/** When to renew a token that runs out at `expiresAt` and lived `lifetimeMs`. */
const refreshTime = (expiresAt: number, lifetimeMs: number) =>
  expiresAt - Math.min(REFRESH_EARLY_MS, lifetimeMs / 4);

/** A session from a token the API just issued, timed on this device's clock from now. */
export function sessionFrom(answer: TokenAnswer, now = Date.now()): Session | null {
  const claims = decodeToken(answer.access_token);
  if (!claims) return null;
  const lifetime = Math.max(0, answer.expires_in) * 1000;
  return {
    token: answer.access_token,
    refreshToken: answer.refresh_token ?? null,
    userId: claims.userId,
    role: claims.role,
    expiresAt: now + lifetime,
    refreshAt: refreshTime(now + lifetime, lifetime),
  };
}

/** What is stored: the pair and its times (the same device's clock, so every tab can read them). */
type Stored = { access_token: string; refresh_token: string | null; expires_at: number; refresh_at: number };

function parseStored(text: string | null): Session | null {
  if (!text) return null;
  if (!text.startsWith("{")) {
    // Kept by a version of the app before refresh tokens: the token alone, timed by its `exp`.
    const claims = decodeToken(text);
    if (!claims) return null;
    const expiresAt = claims.exp * 1000;
    return { token: text, refreshToken: null, ...claims, expiresAt, refreshAt: expiresAt };
  }
  try {
    const stored = JSON.parse(text) as Stored;
    const claims = decodeToken(stored.access_token);
    if (!claims || typeof stored.expires_at !== "number") return null;
    return {
      token: stored.access_token,
      refreshToken: stored.refresh_token ?? null,
      userId: claims.userId,
      role: claims.role,
      expiresAt: stored.expires_at,
      refreshAt: typeof stored.refresh_at === "number" ? stored.refresh_at : stored.expires_at,
    };
  } catch {
    return null;
  }
}

const serialize = (session: Session): string =>
  JSON.stringify({
    access_token: session.token,
    refresh_token: session.refreshToken,
    expires_at: session.expiresAt,
    refresh_at: session.refreshAt,
  } satisfies Stored);

/** How a refresh went: renewed (here or by another tab), the session ended (401), or no answer. */
export type RefreshOutcome = "renewed" | "ended" | "failed";

/** What the session needs from its surroundings; tests give two "tabs" one storage and one lock. */
export type AuthEnvironment = {
  storage: () => Storage | undefined;
  /** Runs `task` while no other tab runs one under the same name (Web Locks), or at once without them. */
  withLock: <T>(task: () => Promise<T>) => Promise<T>;
  /** Asks the API for a new pair: the answer, or the HTTP status (0: no answer). */
  refresh: (refreshToken: string) => Promise<TokenAnswer | number>;
};

/** The browser's: localStorage, navigator.locks, and POST /auth/token with the refresh grant. */
export const browserEnvironment: AuthEnvironment = {
  storage: () => (typeof localStorage === "undefined" ? undefined : localStorage),
  withLock: <T>(task: () => Promise<T>): Promise<T> => {
    const locks = typeof navigator === "undefined" ? undefined : navigator.locks;
    // Without Web Locks (Safari before 15.4) two tabs may refresh at once; the second then reads
    // the stored pair again first (see refresh), which covers all but a few milliseconds.
    return locks ? (locks.request(LOCK_NAME, task) as Promise<T>) : task();
  },
  refresh: async (refreshToken) => {
    try {
      const request = new Request(`${API_URL}/api/v1/auth/token`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ grant_type: "refresh_token", refresh_token: refreshToken }),
      });
      const response = await fetch(request);
      if (!response.ok) return response.status;
      return (await response.json()) as TokenAnswer;
    } catch {
      return 0;
    }
  },
};

export type Auth = ReturnType<typeof createAuth>;

/** A session store; the app has one (`auth`), made with the browser's environment. */
export function createAuth(env: AuthEnvironment) {
  let state: AuthState = { session: null, expired: false, userId: null };
  const listeners = new Set<() => void>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: Promise<RefreshOutcome> | undefined;

  function readStored(): { session: Session | null; userId: number | null } {
    try {
      const storage = env.storage();
      if (!storage) return { session: null, userId: null };
      const session = parseStored(storage.getItem(STORAGE_KEY));
      const kept = Number(storage.getItem(USER_KEY) || Number.NaN);
      return { session, userId: session?.userId ?? (Number.isInteger(kept) ? kept : null) };
    } catch {
      // storage disabled: the person can still browse, just not stay logged in
      return { session: null, userId: null };
    }
  }

  /** Stores the session (null: none) and whose the app is (null after a log-out). */
  function write(session: Session | null, userId: number | null) {
    try {
      const storage = env.storage();
      if (!storage) return;
      if (userId === null) storage.removeItem(USER_KEY);
      else storage.setItem(USER_KEY, String(userId));
      if (session) storage.setItem(STORAGE_KEY, serialize(session));
      else storage.removeItem(STORAGE_KEY);
    } catch {
      // see readStored
    }
  }

  function set(next: AuthState) {
    state = next;
    schedule(next.session ? next.session.refreshAt - Date.now() : null);
    for (const listener of listeners) listener();
  }

  /** The next refresh, `inMs` from now (null: none). A late timer (the device slept) refreshes at once. */
  function schedule(inMs: number | null) {
    clearTimeout(timer);
    timer = undefined;
    if (inMs === null) return;
    timer = setTimeout(() => void renewIfDue(), Math.max(0, inMs));
  }

  async function renewIfDue() {
    const session = state.session;
    if (!session || Date.now() < session.refreshAt) return;
    const outcome = await refresh(session.token);
    if (outcome === "failed" && state.session) schedule(RETRY_MS);
  }

  /**
   * A stored session that ran out and cannot be renewed (an older app's) counts as ended, not as
   * "never logged in". `fromOtherTab`: another tab ended the session it shared with this one.
   */
  function load(fromOtherTab = false) {
    const { session, userId } = readStored();
    if (session && !session.refreshToken && session.expiresAt <= Date.now()) {
      write(null, userId);
      set({ session: null, expired: true, userId });
      return;
    }
    const endedElsewhere =
      fromOtherTab && session === null && state.session !== null && userId === state.userId;
    set({ session, expired: endedElsewhere || (session === null && state.expired), userId });
  }

  /** Ends the session (the API said so); the app stays the person's. */
  function end() {
    if (!state.session) return;
    write(null, state.userId);
    set({ ...state, session: null, expired: true });
  }

  /**
   * Renews the session whose access token is `stale`, once however many ask (in this tab: the
   * promise is shared; across tabs: the lock, then the stored pair read again).
   */
  function refresh(stale: string): Promise<RefreshOutcome> {
    inFlight ??= env
      .withLock(async (): Promise<RefreshOutcome> => {
        const stored = readStored().session;
        if (!stored) {
          // Logged out, or ended, in another tab meanwhile.
          load(true);
          return "ended";
        }
        if (stored.token !== stale && Date.now() < stored.refreshAt) {
          // Another tab renewed it meanwhile: take its pair.
          if (state.session?.token !== stored.token)
            set({ session: stored, expired: false, userId: stored.userId });
          return "renewed";
        }
        if (!stored.refreshToken) {
          // An older app's session cannot be renewed: due (refreshAt is its expiry) or refused, it ends.
          end();
          return "ended";
        }
        const answer = await env.refresh(stored.refreshToken);
        if (typeof answer === "number") {
          if (answer === 401) {
            end();
            return "ended";
          }
          return "failed";
        }
        const session = sessionFrom(answer);
        if (!session) return "failed";
        // Logged out meanwhile (this tab or another): the new pair is nobody's.
        if (!state.session && !readStored().session) return "ended";
        write(session, session.userId);
        set({ session, expired: false, userId: session.userId });
        return "renewed";
      })
      .catch((): RefreshOutcome => "failed")
      .finally(() => {
        inFlight = undefined;
      });
    return inFlight;
  }

  /** The access token if it has not run out on this device's clock. */
  const liveToken = (): string | null => {
    const session = state.session;
    return session && Date.now() < session.expiresAt ? session.token : null;
  };

  const auth = {
    state: (): AuthState => state,

    /**
     * The token to send now, or null: none, or run out (a refresh is then under way). For what
     * cannot wait (the live socket's subscribe); requests take `freshToken`.
     */
    token(): string | null {
      const session = state.session;
      if (session && Date.now() >= session.refreshAt) void renewIfDue();
      return liveToken();
    },

    /**
     * The token to send with a request: the session's, renewed first when it is due. Null without a
     * session (or when it has just ended). Throws the unreachable ApiError when it ran out and could
     * not be renewed (offline): nothing is sent with a token that ran out, nor without one.
     */
    async freshToken(): Promise<string | null> {
      const session = state.session;
      if (!session) return null;
      if (Date.now() < session.refreshAt) return session.token;
      const outcome = await refresh(session.token);
      const token = liveToken();
      if (token || outcome === "ended" || !state.session) return token;
      throw new ApiError(0, UNREACHABLE_MESSAGE);
    },

    /**
     * After the API refused `sent` with 401: the token to try once more with (another tab's or a
     * refresh's), or null when the session has ended (or could not be renewed: no answer).
     */
    async renew(sent: string): Promise<string | null> {
      const session = state.session;
      if (!session) return null;
      if (session.token !== sent && liveToken()) return session.token;
      const outcome = await refresh(sent);
      const token = liveToken();
      return outcome === "renewed" && token !== sent ? token : null;
    },

    /**
     * The token to send as soon as there is one: now (renewed if due), or once the person has logged
     * in again when the session has ended. For the changes that wait (lib/offline.ts): they are
     * never sent without a token or with one that ran out. Throws like `freshToken` offline.
     */
    async nextToken(): Promise<string> {
      for (;;) {
        const token = await auth.freshToken();
        if (token) return token;
        await new Promise<void>((resolve) => {
          const stop = auth.subscribe(() => {
            if (liveToken()) {
              stop();
              resolve();
            }
          });
        });
      }
    },

    /** Starts a session from what a log-in (or a refresh done elsewhere) answered. */
    signIn(answer: TokenAnswer) {
      const session = sessionFrom(answer);
      if (!session) throw new Error("The service answered with a token this app cannot read.");
      write(session, session.userId);
      set({ session, expired: false, userId: session.userId });
    },

    /** Logs out here: the app is nobody's any more (what waited for this person is dropped, lib/offline.ts). */
    signOut() {
      write(null, null);
      set({ session: null, expired: false, userId: null });
    },

    /** Ends the session because the API said it has ended; the app is still the person's. */
    expire: end,

    /** Renews now if the token is due (the page is visible again, back online, woken from sleep). */
    wake(): void {
      void renewIfDue();
    },

    /** Forgets that a session ended (after the person has seen the message); still the person's app. */
    acknowledgeExpiry() {
      if (state.expired) set({ ...state, expired: false });
    },

    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** Re-reads the stored session: at start-up, in tests, and when another tab changed it. */
    reload: (fromOtherTab = false) => load(fromOtherTab),

    /** For another tab's change of the stored session (the `storage` event). */
    storageChanged(key: string | null) {
      if (key === STORAGE_KEY || key === USER_KEY || key === null) load(true);
    },
  };
  return auth;
}

export const auth = createAuth(browserEnvironment);
auth.reload();
if (typeof window !== "undefined") {
  window.addEventListener("storage", (event) => auth.storageChanged(event.key));
  const wakeIfVisible = () => {
    if (document.visibilityState === "visible") auth.wake();
  };
  window.addEventListener("online", () => auth.wake());
  window.addEventListener("focus", () => auth.wake());
  document.addEventListener("visibilitychange", wakeIfVisible);
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

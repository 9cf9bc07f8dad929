/**
 * From a bearer token to who is calling (core/auth/caller.ts's Caller), whatever kind it is: a
 * session's access token (core/auth/token.ts), an API token (`rst_…`, core/api-token/bearer.ts) or a
 * password-reset link's code (`reset_…`, core/password-reset/bearer.ts). Above all three, so that none
 * of them and auth need import each other; the HTTP pipeline and the live API ask it.
 */
import { callerOfApiToken, isApiToken } from "./api-token/bearer.ts";
import type { Caller } from "./auth/caller.ts";
import { findCallerById } from "./auth/repository.ts";
import { refuseWhileThrottled, SECRET_LIMIT, take, throttleKeys } from "./auth/throttle.ts";
import { verifyAccessToken } from "./auth/token.ts";
import type { Db } from "./db.ts";
import { invalidToken } from "./errors.ts";
import { callerOfResetCode, isResetCode, RESET_ROUTE } from "./password-reset/bearer.ts";

/**
 * Where a bearer token is used: the client, whose network failed secrets are counted by (absent on
 * the live API, which API Gateway does not tell the client's address), and the route, since a
 * password-reset code opens one route alone.
 */
export type TokenUse = { clientAddress?: string; route?: { method: string; path: string } };

const SECRET_THROTTLED = "Too many invalid tokens. Try again in {s} seconds.";

/**
 * Resolves a bearer token to the current account; 401 when the token is bad, the account is gone, its
 * session has ended, or it was issued before the account's password last changed. That comparison is
 * in whole seconds (a token's `iat` has no finer resolution), so a token issued in the second of the
 * change, after it, stays valid.
 */
export async function authenticate(db: Db, token: string, use: TokenUse = {}): Promise<Caller> {
  if (isApiToken(token)) return callerOfSecret(db, use, () => callerOfApiToken(db, token));
  if (isResetCode(token)) {
    const { route } = use;
    if (route?.method !== RESET_ROUTE.method || route.path !== RESET_ROUTE.path) throw invalidToken();
    return callerOfSecret(db, use, () => callerOfResetCode(db, token));
  }
  const claims = await verifyAccessToken(token);
  const user = await findCallerById(db, claims.userId, claims.sessionId);
  const validFrom = user?.token_valid_after ? Math.floor(user.token_valid_after.getTime() / 1000) : undefined;
  if (!user?.in_session || (validFrom !== undefined && claims.issuedAt < validFrom)) {
    throw invalidToken();
  }
  return { id: user.id, username: user.username, role: user.role, sessionId: claims.sessionId };
}

/**
 * The caller a stored secret (an API token, a reset code) stands for. Secrets are looked up by their
 * SHA-256, so how long a lookup takes says nothing about how close a guess came. Secrets that match
 * nothing are counted per client network like failed logins: past SECRET_LIMIT, 429 until the window
 * passes, before any lookup.
 */
async function callerOfSecret(db: Db, use: TokenUse, lookup: () => Promise<Caller | undefined>) {
  const key = use.clientAddress === undefined ? undefined : throttleKeys.secret(use.clientAddress);
  if (key) await refuseWhileThrottled(db, key, SECRET_LIMIT, SECRET_THROTTLED);
  const caller = await lookup();
  if (caller) return caller;
  if (key) await take(db, key, SECRET_LIMIT, SECRET_THROTTLED);
  throw invalidToken();
}

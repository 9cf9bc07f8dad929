import { callerOfApiToken, isApiToken } from "../api-token/bearer.ts";
import type { Db } from "../db.ts";
import { belongsToAnother, type Thing } from "../errors.ts";
import { callerOfResetCode, isResetCode, RESET_ROUTE } from "../password-reset/bearer.ts";
import { findCallerById } from "../user/repository.ts";
import type { Role } from "../user/table.ts";
import { refuseWhileThrottled, SECRET_LIMIT, take, throttleKeys } from "./throttle.ts";
import { invalidToken, verifyAccessToken } from "./token.ts";

/**
 * Who is making a request: read from the database on every request, so deletes, role changes and
 * ended sessions apply at once; `sessionId` is the session its token belongs to.
 */
export type Caller = {
  id: number;
  username: string;
  role: Role;
  sessionId?: number;
  /** Set when the request came with an API token rather than a session's access token. */
  apiToken?: { scope: "read" | "write" };
  /** Set when the request came with a password-reset link's code (id: the link's row). */
  passwordReset?: { id: number };
};

/**
 * Where a bearer token is used: the client, whose network failed secrets are counted by (absent on
 * the live API, which API Gateway does not tell the client's address), and the route, since a
 * password-reset code opens one route alone.
 */
export type TokenUse = { clientAddress?: string; route?: { method: string; path: string } };

const SECRET_THROTTLED = "Too many invalid tokens. Try again in {s} seconds.";

export const isAdmin = (caller: Caller | null): boolean => caller?.role === "admin";

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

/**
 * The ownership rule of every user-created row: its creator or an admin may change it; anyone else
 * gets 403 in the spec's wording (`Recipe ID 5 belongs to another user.`).
 */
export function assertOwnerOrAdmin(caller: Caller, ownerId: number | null, thing: Thing, id: number): void {
  if (!isAdmin(caller) && ownerId !== caller.id) throw belongsToAnother(thing, id);
}

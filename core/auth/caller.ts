import { callerOfApiToken, isApiToken } from "../api-token/bearer.ts";
import type { Db } from "../db.ts";
import { belongsToAnother, type Thing } from "../errors.ts";
import { findCallerById } from "../user/repository.ts";
import type { Role } from "../user/table.ts";
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
};

export const isAdmin = (caller: Caller | null): boolean => caller?.role === "admin";

/**
 * Resolves a bearer token to the current account; 401 when the token is bad, the account is gone, its
 * session has ended, or it was issued before the account's password last changed. That comparison is
 * in whole seconds (a token's `iat` has no finer resolution), so a token issued in the second of the
 * change, after it, stays valid.
 */
export async function authenticate(db: Db, token: string): Promise<Caller> {
  if (isApiToken(token)) {
    const caller = await callerOfApiToken(db, token);
    if (!caller) throw invalidToken();
    return caller;
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
 * The ownership rule of every user-created row: its creator or an admin may change it; anyone else
 * gets 403 in the spec's wording (`Recipe ID 5 belongs to another user.`).
 */
export function assertOwnerOrAdmin(caller: Caller, ownerId: number | null, thing: Thing, id: number): void {
  if (!isAdmin(caller) && ownerId !== caller.id) throw belongsToAnother(thing, id);
}

/**
 * Reading an API token off a request: what authenticate() (core/authenticate.ts) asks when a bearer
 * token starts with `rst_`. Apart from service.ts, which works for a caller, so that the two do not
 * import each other.
 */
import type { Db } from "../db.ts";
import { secretHash } from "../secret-hash.ts";
import { useApiToken } from "./repository.ts";

/** What every API token starts with: a script's token is told apart from a session's at a glance. */
export const API_TOKEN_PREFIX = "rst_";

export const isApiToken = (token: string): boolean => token.startsWith(API_TOKEN_PREFIX);

/**
 * The account an API token acts for, with the token's scope; undefined for an unknown or run-out
 * one. Its last use is recorded.
 */
export async function callerOfApiToken(db: Db, token: string) {
  const row = await useApiToken(db, secretHash(token));
  return row && { id: row.id, username: row.username, role: row.role, apiToken: { scope: row.scope } };
}

/**
 * API tokens for scripts and home automation (CONTRACT.md: Authentication, "API tokens"): `rst_` and
 * 256 random bits, shown once, kept only as its SHA-256, sent as `Authorization: Bearer rst_…`. A token
 * acts as its user within its scope (`read`: GET only; `write`: what the user may) and never on the
 * account routes (functions/routes.ts marks them `account`). It is not a session: a password change
 * leaves it; deleting it (or its user) ends it.
 */
import { randomBytes } from "node:crypto";
import type { Db } from "../db.ts";
import { Forbidden, notFound } from "../errors.ts";
import { secretHash } from "../secret-hash.ts";
import { API_TOKEN_PREFIX } from "./bearer.ts";
import { deleteApiToken, insertApiToken, selectApiTokensOfUser } from "./repository.ts";
import type { ApiTokenCreate } from "./schemas.ts";

/** The signed-in person whose tokens these are (core/auth/caller.ts's Caller fits). */
type Owner = { id: number };

/** 256 bits. */
const TOKEN_BYTES = 32;

/** A new token of the caller: the row and, this once, the token itself. */
export async function createApiToken(db: Db, input: ApiTokenCreate, caller: Owner) {
  const token = `${API_TOKEN_PREFIX}${randomBytes(TOKEN_BYTES).toString("base64url")}`;
  const row = await insertApiToken(db, {
    user_id: caller.id,
    name: input.name,
    scope: input.scope,
    token_hash: secretHash(token),
    expires_at:
      input.expires_in_days === undefined ? null : new Date(Date.now() + input.expires_in_days * 86_400_000),
  });
  return { ...row, token };
}

/** The caller's tokens, newest first: never the tokens themselves. */
export async function listApiTokens(db: Db, caller: Owner) {
  return { items: await selectApiTokensOfUser(db, caller.id) };
}

/** Deletes one of the caller's tokens; it stops at once. Another user's is 404. */
export async function removeApiToken(db: Db, id: number, caller: Owner): Promise<void> {
  if (!(await deleteApiToken(db, caller.id, id))) throw notFound("API token", id);
}

/**
 * What a token may not do: change the account (403 `API tokens cannot change the account.`), or,
 * with the `read` scope, anything but read (403 `This API token may only read.`).
 */
export function assertTokenMayUse(
  caller: { apiToken?: { scope: "read" | "write" } } | null,
  method: string,
  accountRoute: boolean,
): void {
  if (!caller?.apiToken) return;
  if (accountRoute) throw Forbidden("API tokens cannot change the account.");
  if (caller.apiToken.scope === "read" && method !== "GET" && method !== "HEAD") {
    throw Forbidden("This API token may only read.");
  }
}

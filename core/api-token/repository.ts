/** SQL for API tokens (kept only as SHA-256 hashes). */
import { sql } from "kysely";
import type { Role } from "../auth/roles.ts";
import type { Db } from "../db.ts";
import type { ApiTokenScope } from "./table.ts";

const columns = ["id", "name", "scope", "created_at", "last_used_at", "expires_at"] as const;

export async function insertApiToken(
  db: Db,
  token: { user_id: number; name: string; scope: ApiTokenScope; token_hash: string; expires_at: Date | null },
) {
  return db.insertInto("api_tokens").values(token).returning(columns).executeTakeFirstOrThrow();
}

export async function selectApiTokensOfUser(db: Db, userId: number) {
  return db
    .selectFrom("api_tokens")
    .select(columns)
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
}

/** Deletes one of a user's tokens; false when the user has no such token. */
export async function deleteApiToken(db: Db, userId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom("api_tokens")
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/**
 * The token with this hash, if it has not run out, and the account it acts for; its last use is
 * recorded in the same statement.
 */
export async function useApiToken(db: Db, tokenHash: string) {
  const { rows } = await sql<{
    scope: ApiTokenScope;
    id: number;
    username: string;
    role: Role;
  }>`with t as (update api_tokens set last_used_at = now() where token_hash = ${tokenHash}
and coalesce(expires_at > now(), true) returning user_id, scope)
select t.scope, u.id, u.username, u.role from t join users u on u.id = t.user_id`.execute(db);
  return rows[0];
}

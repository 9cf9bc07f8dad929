/** SQL for password-reset links (their codes kept only as SHA-256 hashes). */
import { sql } from "kysely";
import type { Role } from "../auth/roles.ts";
import type { Db } from "../db.ts";

/** A new link for a user; the user's earlier links, used or not, are deleted: only the newest works. */
export async function replacePasswordReset(
  db: Db,
  reset: { user_id: number; created_by: number | null; code_hash: string; expires_at: Date },
) {
  await db.deleteFrom("password_resets").where("user_id", "=", reset.user_id).execute();
  return db
    .insertInto("password_resets")
    .values(reset)
    .returning(["id", "expires_at"])
    .executeTakeFirstOrThrow();
}

/** The unused, unexpired link with this code hash and the account it is for. */
export async function findUsablePasswordReset(db: Db, codeHash: string) {
  const { rows } = await sql<{
    reset_id: number;
    id: number;
    username: string;
    role: Role;
  }>`select r.id as reset_id, u.id, u.username, u.role from password_resets r join users u on u.id = r.user_id
where r.code_hash = ${codeHash} and r.used_at is null and r.expires_at > now()`.execute(db);
  return rows[0];
}

/**
 * Spends a link: true when this call used it (it was unused and unexpired), false when another
 * request got there first or it ran out meanwhile. One statement, so two uses cannot both win.
 */
export async function spendPasswordReset(db: Db, id: number): Promise<boolean> {
  const result = await db
    .updateTable("password_resets")
    .set({ used_at: new Date() })
    .where("id", "=", id)
    .where("used_at", "is", null)
    .where("expires_at", ">", new Date())
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

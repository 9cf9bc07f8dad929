/** SQL for sessions and their refresh tokens (kept only as SHA-256 hashes). */
import type { Db } from "../db.ts";
import type { SessionVia } from "./table.ts";

export async function insertSession(
  db: Db,
  session: { user_id: number; via: SessionVia; user_agent: string | null; expires_at: Date },
): Promise<number> {
  const row = await db.insertInto("sessions").values(session).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

export async function insertRefreshToken(db: Db, sessionId: number, tokenHash: string): Promise<void> {
  await db
    .insertInto("session_refresh_tokens")
    .values({ session_id: sessionId, token_hash: tokenHash })
    .execute();
}

/**
 * Spends a refresh token that was not spent yet, answering its session and its user's role; one
 * statement, so of two refreshes with one token only the first spends it (the second waits for its
 * row, then finds it spent).
 */
export async function spendRefreshToken(db: Db, tokenHash: string) {
  return db
    .updateTable("session_refresh_tokens as t")
    .from(["sessions as s", "users as u"])
    .set({ spent_at: new Date() })
    .whereRef("s.id", "=", "t.session_id")
    .whereRef("u.id", "=", "s.user_id")
    .where("t.token_hash", "=", tokenHash)
    .where("t.spent_at", "is", null)
    .returning(["s.id", "s.user_id", "s.expires_at", "u.role"])
    .executeTakeFirst();
}

/** Ends the session a refresh token (spent or not) belongs to, if any. */
export async function deleteSessionOfToken(db: Db, tokenHash: string): Promise<void> {
  await db
    .deleteFrom("sessions")
    .where("id", "=", (eb) =>
      eb.selectFrom("session_refresh_tokens").select("session_id").where("token_hash", "=", tokenHash),
    )
    .execute();
}

/** Ends a session by its id. */
export async function deleteSessionById(db: Db, id: number): Promise<void> {
  await db.deleteFrom("sessions").where("id", "=", id).execute();
}

/** A session used again: its last use now, and 60 more days (`expiresAt`) before it runs out. */
export async function touchSession(db: Db, id: number, expiresAt: Date): Promise<void> {
  await db
    .updateTable("sessions")
    .set({ last_used_at: new Date(), expires_at: expiresAt })
    .where("id", "=", id)
    .execute();
}

/** The user's sessions that have not run out, newest use first. */
export async function selectSessionsOfUser(db: Db, userId: number) {
  return db
    .selectFrom("sessions")
    .select(["id", "created_at", "last_used_at", "expires_at", "user_agent", "via"])
    .where("user_id", "=", userId)
    .where("expires_at", ">", new Date())
    .orderBy("last_used_at", "desc")
    .orderBy("id", "desc")
    .execute();
}

/** Ends one session of a user (its refresh tokens go with it); false when the user has no such session. */
export async function deleteSession(db: Db, userId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom("sessions")
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Ends every session of a user but `keep` (the one that changed the password, if it was theirs). */
export async function deleteSessionsOfUser(db: Db, userId: number, keep?: number): Promise<void> {
  let query = db.deleteFrom("sessions").where("user_id", "=", userId);
  if (keep !== undefined) query = query.where("id", "<>", keep);
  await query.execute();
}

/** Sessions that ran out, and their tokens: nobody can use them any more. */
export async function deleteExpiredSessions(db: Db, userId: number): Promise<void> {
  await db
    .deleteFrom("sessions")
    .where("user_id", "=", userId)
    .where("expires_at", "<=", new Date())
    .execute();
}

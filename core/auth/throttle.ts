/**
 * Failed-login throttling kept in the database (`login_throttles`), so every Lambda instance sees
 * the same count. Each attempt first takes a slot with one atomic upsert; the attempt is refused
 * once the slots of the window are used up, so concurrent guesses cannot slip past the limit.
 */
import { sql } from "kysely";
import type { Db } from "../db.ts";
import { TooManyRequests } from "../errors.ts";

export const MAX_FAILED_LOGINS = 10;
export const THROTTLE_WINDOW_MINUTES = 15;

const window = sql.raw(`interval '${THROTTLE_WINDOW_MINUTES} minutes'`);

/**
 * Counts one login attempt for a name (lower-cased) and throws 429 with Retry-After when the name
 * already had MAX_FAILED_LOGINS attempts in the current window. A window that has passed starts over.
 * The attempt stays counted unless it succeeds (see clearLoginFailures).
 */
export async function takeLoginAttempt(db: Db, username: string): Promise<void> {
  const key = username.toLowerCase();
  const expired = sql<boolean>`login_throttles.window_started_at <= now() - ${window}`;
  const row = await db
    .insertInto("login_throttles")
    .values({ username: key, failures: 1, window_started_at: sql`now()` })
    .onConflict((oc) =>
      oc.column("username").doUpdateSet({
        failures: sql`case when ${expired} then 1 else login_throttles.failures + 1 end`,
        window_started_at: sql`case when ${expired} then now() else login_throttles.window_started_at end`,
      }),
    )
    .returning([
      "failures",
      sql<number>`greatest(1, ceil(extract(epoch from (window_started_at + ${window} - now()))))::int`.as(
        "retry_after",
      ),
    ])
    .executeTakeFirstOrThrow();
  if (row.failures > MAX_FAILED_LOGINS) {
    throw TooManyRequests(
      `Too many failed logins. Try again in ${row.retry_after} seconds.`,
      row.retry_after,
    );
  }
}

/** A successful login wipes the name's failures. */
export async function clearLoginFailures(db: Db, username: string): Promise<void> {
  await db.deleteFrom("login_throttles").where("username", "=", username.toLowerCase()).execute();
}

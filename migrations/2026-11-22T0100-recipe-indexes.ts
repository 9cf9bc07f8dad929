/**
 * Indexes for recipe lists that the initial schema lacked. Frozen in time like every migration.
 * - `cook_time` sorts by coalesce(cook_time_sec, max int) so recipes without a time come last and
 *   the keyset (key, id) stays one index range (a nullable key would need an OR the planner cannot seek).
 * - `?user_id=` with the default newest-first order walks (user_id, created_at, id) instead of
 *   sorting every recipe of that user.
 */
import { type Kysely, sql } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on app types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index recipes_cook_time_key_id_idx on recipes ((coalesce(cook_time_sec, 2147483647)), id)`.execute(
    db,
  );
  await sql`create index recipes_user_id_created_at_id_idx on recipes (user_id, created_at, id)`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index recipes_user_id_created_at_id_idx`.execute(db);
  await sql`drop index recipes_cook_time_key_id_idx`.execute(db);
}

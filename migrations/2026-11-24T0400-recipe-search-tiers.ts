/**
 * Search ranked by tier (title match first, newest first within a tier) instead of ts_rank over
 * every match; frozen in time.
 * - recipes.title_vector: the title's own vector, stored so that checking "does the title match"
 *   costs a lookup in a few lexemes, not a to_tsvector call. recipes_created_at_id_idx gives way
 *   to the same key with title_vector included, so a search walks the newest recipes in the
 *   index alone (index-only scan), and recipes_title_search_idx finds title matches among older ones.
 * - Two indexes that no query needs any more: recipes_cook_time_id_idx (the cook_time sort walks
 *   the coalesce index recipes_cook_time_key_id_idx) and recipes_user_id_idx (the leading column
 *   of recipes_user_id_created_at_id_idx serves ?user_id= and the cascade from users alike).
 */
import { type Kysely, sql } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on app types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table recipes add column title_vector tsvector
    generated always as (to_tsvector('english'::regconfig, title)) stored`.execute(db);
  await sql`create index recipes_title_search_idx on recipes using gin (title_vector)`.execute(db);
  await sql`create index recipes_created_at_id_title_idx on recipes (created_at, id) include (title_vector)`.execute(
    db,
  );
  await sql`drop index recipes_created_at_id_idx`.execute(db);
  await sql`drop index recipes_cook_time_id_idx`.execute(db);
  await sql`drop index recipes_user_id_idx`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`create index recipes_user_id_idx on recipes (user_id)`.execute(db);
  await sql`create index recipes_cook_time_id_idx on recipes (cook_time_sec, id)`.execute(db);
  await sql`create index recipes_created_at_id_idx on recipes (created_at, id)`.execute(db);
  await sql`alter table recipes drop column title_vector`.execute(db);
}

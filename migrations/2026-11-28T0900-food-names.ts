/**
 * The names an ingredient is matched to a food of the SR28 table by (issue 41, CONTRACT.md: nutrition):
 * one row a name, in any of the ten languages, keyed by `name_key(name)` (case and English plural
 * blind), pointing at the food. Filled at the end of every foods import (core/nutrition/match.ts,
 * buildFoodNames) from the built-in foods' names, so that matching a name is one indexed lookup and
 * the small functions that match need no lexicon. Frozen in time like every migration.
 */
import { type Kysely, sql } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on app types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table food_names (
    key text primary key check (key <> ''),
    food_id integer not null references foods (id) on delete cascade
  )`.execute(db);
  await sql`create index food_names_food_id_idx on food_names (food_id)`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table food_names`.execute(db);
}

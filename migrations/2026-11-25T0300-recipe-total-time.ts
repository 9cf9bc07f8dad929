/**
 * A recipe's whole time (CONTRACT.md: recipes, issue 30). Frozen in time like every migration.
 * - `recipes.total_time_sec`: resting, rising and chilling included (croissants: 22 hours, of which
 *   prep and cook are 75 minutes); null means prep + cook, so every stored recipe keeps its total.
 * - `max_total_time_sec` filters on coalesce(total_time_sec, cook + prep): its index follows.
 */
import { type Kysely, sql } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on app types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table recipes add column total_time_sec integer check (total_time_sec >= 0)`.execute(db);
  await sql`drop index recipes_total_time_idx`.execute(db);
  await sql`create index recipes_total_time_idx on recipes
    ((coalesce(total_time_sec, coalesce(cook_time_sec, 0) + coalesce(prep_time_sec, 0))))`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index recipes_total_time_idx`.execute(db);
  await sql`alter table recipes drop column total_time_sec`.execute(db);
  await sql`create index recipes_total_time_idx on recipes
    ((coalesce(cook_time_sec, 0) + coalesce(prep_time_sec, 0)))`.execute(db);
}

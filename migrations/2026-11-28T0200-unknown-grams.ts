/**
 * A recipe line may have unknown grams (issue 36, CONTRACT.md: recipes): `salt to taste`, `fat for
 * the tin`. `recipe_ingredients.amount_grams` takes null; the check on known grams stays. Frozen in
 * time like every migration.
 */
import { type Kysely, sql } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on app types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table recipe_ingredients alter column amount_grams drop not null`.execute(db);
}

/** Unknown grams become 0 g again, as they were written before. */
// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`update recipe_ingredients set amount_grams = 0 where amount_grams is null`.execute(db);
  await sql`alter table recipe_ingredients alter column amount_grams set not null`.execute(db);
}

/**
 * What the import needs (CONTRACT.md: ingredients, recipes, import). Frozen in time like every migration.
 * - `ingredients.grams_per_ml` (density) and `grams_per_piece` turn `2 cups` or `3 eggs` into grams;
 *   both optional and > 0. The upper bounds only keep nonsense out (nothing cooked is denser than
 *   lead at ~11 g/ml; a whole pumpkin or ham is well under 100 kg).
 * - `recipes.source_url`: the http(s) page a recipe came from, at most 2,000 characters.
 */
import { type Kysely, sql } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on app types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table ingredients
    add column grams_per_ml double precision check (grams_per_ml > 0 and grams_per_ml <= 100),
    add column grams_per_piece double precision check (grams_per_piece > 0 and grams_per_piece <= 100000)`.execute(
    db,
  );
  await sql`alter table recipes add column source_url text
    check (char_length(source_url) <= 2000 and source_url ~* '^https?://[^\\s]+$')`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table recipes drop column source_url`.execute(db);
  await sql`alter table ingredients drop column grams_per_piece, drop column grams_per_ml`.execute(db);
}

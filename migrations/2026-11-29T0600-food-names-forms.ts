/**
 * Where in a longer name a food's name may be found (issue 41, CONTRACT.md: nutrition), as the page
 * import's lexicon finds it (core/page-import/lexicon.ts): at the end in a language that names the
 * head last (`red onion`, `rode ui`, `Gul lök`), at the start in one that names it first (`panna
 * fresca liquida`, `arroz carolino`), and as the end of one compound word where the language compounds
 * (`Sonnenblumenöl`, `Gemüsebrühe`). Filled with the names by core/nutrition/match.ts (buildFoodNames);
 * the rows of before stay whole names until the next foods import. Frozen in time like every migration.
 */
import { type Kysely, sql } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on app types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table food_names
    add column at_end boolean not null default false,
    add column at_start boolean not null default false,
    add column in_compound boolean not null default false`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table food_names drop column at_end, drop column at_start, drop column in_compound`.execute(
    db,
  );
}

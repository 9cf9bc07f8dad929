/**
 * The foods of USDA's Standard Reference table (issue 41, CONTRACT.md: nutrition), imported from the
 * official file by `npm run nutrition:import` or at start (core/nutrition). Frozen in time like every
 * migration.
 * - `foods.id` is the table's NDB_No, `name` its `Shrt_Desc` (`WHEAT FLR,WHITE,ALL-PURPOSE,ENR,BLEACHED`);
 *   the eight nutrients are per 100 g of the edible part, null where the table has no value (unknown,
 *   never 0); `salt_g` is sodium × 2.5; `measures` the household measures (`[{description: "1 cup",
 *   grams: 125}]`).
 * - Searching names: a btree on `lower(name)` with text_pattern_ops serves `lower(name) like 'onion%'`;
 *   pg_trgm would serve substrings too, but PGlite only has it as an extension loaded when the
 *   database is opened, and a PostgreSQL server may not allow it, and ~9,000 rows scan in
 *   milliseconds anyway.
 * - `ingredients` gain what an ingredient's nutrition is read from: `nutrients_per_100g` (the eight,
 *   as a JSON object), the food it was matched to or a person chose (`nutrition_food_id`; set null
 *   if the food goes) and who decided (`nutrition_by`: the service's `match`, or a `person`).
 */
import { type Kysely, sql } from "kysely";

const NUTRIENTS = [
  "energy_kcal",
  "protein_g",
  "fat_g",
  "saturated_fat_g",
  "carbohydrate_g",
  "sugars_g",
  "fiber_g",
  "salt_g",
];

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on app types
export async function up(db: Kysely<any>): Promise<void> {
  const nutrients = NUTRIENTS.map((name) => `${name} numeric check (${name} >= 0)`).join(",\n      ");
  const statements = `
    create table foods (
      id integer primary key check (id > 0),
      name text not null check (name <> ''),
      ${nutrients},
      measures jsonb not null default '[]' check (jsonb_typeof(measures) = 'array')
    );
    create index foods_name_pattern_idx on foods (lower(name) text_pattern_ops);
    alter table ingredients
      add column nutrients_per_100g jsonb
        check (nutrients_per_100g is null or jsonb_typeof(nutrients_per_100g) = 'object'),
      add column nutrition_food_id integer references foods (id) on delete set null,
      add column nutrition_by text check (nutrition_by in ('match', 'person'));
    create index ingredients_nutrition_food_id_idx on ingredients (nutrition_food_id)`;
  for (const statement of statements.split(/;\s*$/m).filter((s) => s.trim())) {
    await sql.raw(statement).execute(db);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table ingredients
    drop column nutrients_per_100g, drop column nutrition_food_id, drop column nutrition_by`.execute(db);
  await sql`drop table foods`.execute(db);
}

/**
 * SQL for the foods table (CONTRACT.md: nutrition): a food's eight nutrients as the JSON object an
 * ingredient keeps, one food by id, and `GET /foods`' search.
 */
import { type Expression, type RawBuilder, sql } from "kysely";
import type { Db } from "../db.ts";
import { type NutritionLine, nutritionOf } from "./compute.ts";
import { NUTRIENTS, type Nutrients } from "./table.ts";

/** Which table the foods come from, as an ingredient's `nutrition_source.dataset` names it. */
export const DATASET = "USDA SR28";

/** The eight per 100 g of the foods row `alias` as one jsonb object (null values kept: unknown). */
export const nutrientsJson = (alias: string): RawBuilder<Nutrients> =>
  sql<Nutrients>`jsonb_build_object(${sql.join(
    NUTRIENTS.map((n) => sql`${sql.lit(n)}, ${sql.ref(`${alias}.${n}`)}`),
  )})`;

/** A recipe line as the nutrition is computed from it, as json_agg returns it (grams may be text). */
export type NutritionLineRow = { name: string; grams: number | string | null; per100g: Nutrients | null };

/**
 * The lines of the recipe `recipeId` (a column of the enclosing query) with their ingredients'
 * nutrients, as one json array in the enclosing statement: what compute.ts needs, no extra round trip.
 */
export const nutritionLinesJson = (recipeId: Expression<number>) => sql<NutritionLineRow[]>`coalesce((
  select json_agg(json_build_object('name', i.name, 'grams', ri.amount_grams,
    'per100g', i.nutrients_per_100g) order by ri.position)
  from recipe_ingredients ri join ingredients i on i.id = ri.ingredient_id
  where ri.recipe_id = ${recipeId}), '[]'::json)`;

/** nutritionLinesJson's rows as compute.ts takes them. */
export const nutritionLines = (rows: readonly NutritionLineRow[]): NutritionLine[] =>
  rows.map(({ name, grams, per100g }) => ({ name, grams: grams === null ? null : Number(grams), per100g }));

/**
 * What `servings` servings of a recipe of `ownServings` hold (a meal plan entry): the recipe's per
 * serving × servings, rounded once; null when either is unknown or nothing is known.
 */
export function nutritionOfServings(
  rows: readonly NutritionLineRow[],
  ownServings: number | null,
  servings: number | null,
) {
  if (!ownServings || !servings) return null;
  return nutritionOf(nutritionLines(rows), ownServings / servings)?.per_serving ?? null;
}

export type FoodRead = { id: number; name: string; nutrients_per_100g: Nutrients };

/** The foods among `ids`, with their nutrients, in one statement. */
export async function findFoodsByIds(db: Db, ids: readonly number[]): Promise<FoodRead[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<FoodRead>`
    select f.id, f.name, ${nutrientsJson("f")} as nutrients_per_100g
    from foods f where f.id = any(${[...new Set(ids)]}::int[])`.execute(db);
  return rows;
}

/** One food with its nutrients, or undefined. */
export async function findFoodById(db: Db, id: number): Promise<FoodRead | undefined> {
  return (await findFoodsByIds(db, [id]))[0];
}

/** The ids among `ids` that are foods of the table. */
export async function existingFoodIds(db: Db, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const { rows } = await sql<{ id: number }>`
    select id from foods where id = any(${[...new Set(ids)]}::int[])`.execute(db);
  return new Set(rows.map((r) => r.id));
}

/**
 * What `GET /foods` searches for: the food the matcher gives the name (first), the foods of its
 * kind (the same first segment: `ONIONS,…` beside `ONIONS,RAW`), and the descriptions that hold
 * every word of the name (each word as one of its forms: `flour` or `flr`).
 */
export type FoodSearch = { match?: { id: number; kind: string }; words: readonly (readonly string[])[] };

/** Rank 0: the match; 1: the rest, in name order. */
export type FoodListRow = FoodRead & { rank: number };

/**
 * One page of foods in (rank, name, id) order after `after`; without `search` every food in name order
 * (all rank 1). `limit` rows at most.
 */
export async function selectFoods(
  db: Db,
  page: { limit: number; after?: readonly [number, string, number]; search?: FoodSearch },
): Promise<FoodListRow[]> {
  const { search, after } = page;
  const matchId = search?.match?.id ?? null;
  const conditions = [];
  if (search) {
    const words = search.words.filter((forms) => forms.length > 0);
    const all =
      words.length === 0
        ? sql<boolean>`false`
        : sql.join(
            words.map(
              (forms) =>
                sql`lower(f.name) like any (${forms.map((w) => `%${w.replace(/[\\%_]/g, "\\$&")}%`)}::text[])`,
            ),
            sql` and `,
          );
    const kind = search.match ? sql`or split_part(f.name, ',', 1) = ${search.match.kind}` : sql``;
    conditions.push(sql`(f.id = ${matchId} ${kind} or (${all}))`);
  }
  const rank = sql<number>`(case when f.id = ${matchId}::int then 0 else 1 end)`;
  if (after)
    conditions.push(sql`(${rank}, f.name, f.id) > (${after[0]}::int, ${after[1]}::text, ${after[2]}::int)`);
  const where = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const { rows } = await sql<FoodListRow>`
    select f.id, f.name, ${nutrientsJson("f")} as nutrients_per_100g, ${rank} as rank
    from foods f ${where}
    order by ${rank}, f.name, f.id
    limit ${page.limit}`.execute(db);
  return rows;
}

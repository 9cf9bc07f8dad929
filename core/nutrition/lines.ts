/**
 * `POST /ingredient-lines/nutrition` (CONTRACT.md: nutrition): the nutrition of lines not saved yet,
 * as the recipe editor shows it live. Each line is read by the import's own parser, as
 * `POST /ingredient-lines/parse` reads it (core/page-import/service.ts readLines: the grams, an
 * existing ingredient by name); a line of an existing ingredient counts that ingredient's nutrients
 * (the match, or a person's choice: what the saved recipe will show), any other line the food the
 * service would match its new ingredient to; then the one computation (compute.ts).
 */
import type { Caller } from "../auth/caller.ts";
import { take } from "../auth/throttle.ts";
import type { Db } from "../db.ts";
import { selectNutritionOfIngredients } from "../ingredient/repository.ts";
import type { Language } from "../languages.ts";
import { PARSE_LIMIT } from "../page-import/parse-lines.ts";
import { findIngredientsByNames } from "../page-import/repository.ts";
import { readLines } from "../page-import/service.ts";
import { nutritionOf } from "./compute.ts";
import { matchFoods } from "./match.ts";
import { findFoodsByIds } from "./repository.ts";
import type { LinesNutritionRead } from "./schemas.ts";
import type { Nutrients } from "./table.ts";

type LineFood = { food_id: number | null; food_name: string | null; per100g: Nutrients | null };

/**
 * The lines' nutrition per serving (of `servings`, when given) and per 100 g, the coverage of their
 * grams, and each line's grams, food and energy. Throttled per user as the parse route is (its own
 * count: PARSE_LIMIT, 429 with Retry-After).
 */
export async function linesNutrition(
  db: Db,
  input: { lines: readonly string[]; servings?: number | undefined; lang?: Language | undefined },
  caller: Caller,
): Promise<LinesNutritionRead> {
  await take(
    db,
    `nutrition-lines:${caller.id}`,
    PARSE_LIMIT,
    "Too many requests for the nutrition of ingredient lines. Try again in {s} seconds.",
  );
  const items = await readLines(input.lines, (names) => findIngredientsByNames(db, names), input.lang);
  const known = new Map<number, LineFood>(
    (
      await selectNutritionOfIngredients(
        db,
        items.flatMap((item) => (item.ingredient_id === null ? [] : [item.ingredient_id])),
      )
    ).map((row) => [
      row.id,
      { food_id: row.food_id, food_name: row.food_name, per100g: row.nutrients_per_100g },
    ]),
  );
  const unsaved = items.filter((item) => item.ingredient_id === null);
  const matched = await matchFoods(
    db,
    unsaved.map((item) => item.ingredient_name),
  );
  const foods = new Map(
    (
      await findFoodsByIds(
        db,
        matched.flatMap((food) => (food ? [food.id] : [])),
      )
    ).map((f) => [f.id, f]),
  );
  const byName = new Map<string, LineFood>();
  unsaved.forEach((item, i) => {
    const food = foods.get(matched[i]?.id ?? 0);
    byName.set(
      item.ingredient_name,
      food
        ? { food_id: food.id, food_name: food.name, per100g: food.nutrients_per_100g }
        : { food_id: null, food_name: null, per100g: null },
    );
  });
  const none: LineFood = { food_id: null, food_name: null, per100g: null };
  const lines = items.map((item) => ({
    item,
    food:
      (item.ingredient_id === null ? byName.get(item.ingredient_name) : known.get(item.ingredient_id)) ??
      none,
  }));
  const nutrition = nutritionOf(
    lines.map(({ item, food }) => ({
      name: item.ingredient_name,
      grams: item.amount_grams,
      per100g: food.per100g,
    })),
    input.servings ?? null,
  );
  return {
    per_serving: nutrition?.per_serving ?? null,
    per_100g: nutrition?.per_100g ?? null,
    coverage: nutrition?.coverage ?? 0,
    lines: lines.map(({ item, food }) => {
      const kcal = food.per100g?.energy_kcal;
      return {
        text: item.text,
        amount_grams: item.amount_grams,
        food_id: food.food_id,
        food_name: food.food_name,
        energy_kcal:
          item.amount_grams === null || kcal === null || kcal === undefined
            ? null
            : Math.round((item.amount_grams * kcal) / 100),
      };
    }),
  };
}

/**
 * An ingredient's nutrition (CONTRACT.md: nutrition), the one place its rule lives:
 * - The service matches an ingredient to a food of USDA's table by its name (core/nutrition/match.ts)
 *   when it is created or renamed, and every ingredient without nutrition when the table is imported;
 *   a name that matches nothing has none (a rename away from `Onion` forgets the onion).
 * - A person overrides it (`PUT /ingredients/<id>`): a food of the table, or the values they typed.
 *   No match ever replaces a person's choice, not even on a rename; null clears the choice back to
 *   the match.
 */
import { type Db, isForeignKeyViolation } from "../db.ts";
import { Invalid } from "../errors.ts";
import { matchFoods } from "../nutrition/match.ts";
import { existingFoodIds, findFoodById } from "../nutrition/repository.ts";
import type { NutrientsInput } from "../nutrition/schemas.ts";
import { NUTRIENTS, type Nutrients } from "../nutrition/table.ts";
import { clearNutrition, selectNamesToMatch, setMatchedFoods, setPersonNutrition } from "./repository.ts";

/**
 * Matches the ingredients `ids` (or every one without nutrition: `"unmatched"`) to the foods their
 * names mean, in two statements and one write, whatever their number; a person's choice stays.
 */
export async function matchNutrition(db: Db, ids: readonly number[] | "unmatched"): Promise<void> {
  if (ids !== "unmatched" && ids.length === 0) return;
  const rows = await selectNamesToMatch(db, ids);
  if (rows.length === 0) return;
  const foods = await matchFoods(
    db,
    rows.map((row) => row.name),
  );
  await setMatchedFoods(
    db,
    rows.map((row, i) => ({ id: row.id, food_id: foods[i]?.id ?? null })),
  );
}

/** What `PUT /ingredients/<id>` says of the nutrition: a food, typed values, or null (back to the match). */
export type NutritionChoice = {
  nutrition_food_id?: number | null | undefined;
  nutrients_per_100g?: NutrientsInput | null | undefined;
};

const unknownFood = (id: number) => {
  const sentence = `Food ID ${id} is not in the foods table (GET /foods lists them).`;
  return Invalid(sentence, [{ path: "nutrition_food_id", message: sentence }]);
};

/** True when the request says anything of the nutrition. */
export const choosesNutrition = (input: NutritionChoice): boolean =>
  input.nutrition_food_id !== undefined || input.nutrients_per_100g !== undefined;

/** 422 for a request that names a food and types values, or types none at all. */
export function checkNutritionChoice(input: NutritionChoice): void {
  const food = input.nutrition_food_id;
  const values = input.nutrients_per_100g;
  if (food !== undefined && values !== undefined && (food !== null || values !== null)) {
    const sentence =
      "Give either nutrition_food_id (a food of the table) or nutrients_per_100g (typed values), not both.";
    throw Invalid(sentence, [{ path: "nutrients_per_100g", message: sentence }]);
  }
  if (values && NUTRIENTS.every((n) => values[n] === undefined || values[n] === null)) {
    const sentence =
      "nutrients_per_100g must give at least one value; null clears a person's values back to the match.";
    throw Invalid(sentence, [{ path: "nutrients_per_100g", message: sentence }]);
  }
}

/**
 * Applies a person's choice to ingredient `id` (checked by checkNutritionChoice): a food of the table
 * (422 when it is not one), typed values (one left out is unknown), or null: the match again.
 */
export async function chooseNutrition(db: Db, id: number, input: NutritionChoice): Promise<void> {
  const food = input.nutrition_food_id;
  const values = input.nutrients_per_100g;
  if (typeof food === "number") {
    if (!(await findFoodById(db, food))) throw unknownFood(food);
    try {
      await setPersonNutrition(db, id, { foodId: food });
    } catch (error) {
      // The food was deleted (a new table) between the check and the write.
      if (isForeignKeyViolation(error, "ingredients_nutrition_food_id_fkey")) throw unknownFood(food);
      throw error;
    }
  } else if (values) {
    const typed = Object.fromEntries(NUTRIENTS.map((n) => [n, values[n] ?? null])) as Nutrients;
    await setPersonNutrition(db, id, { values: typed });
  } else {
    await clearNutrition(db, id);
    await matchNutrition(db, [id]);
  }
}

/**
 * Archived ingredient rows (a restore, core/archive/restore.ts) as this database can hold them: a
 * `nutrition_food_id` its foods table lacks (another table, or none imported yet) becomes null. A
 * match to it is forgotten (nutrients and `nutrition_by` null too); a person's choice keeps its
 * values as the person's own. Changes the rows in place; returns the ids of those whose match was
 * forgotten, to match them again against this database's table once they are written.
 */
export async function dropUnknownFoods(db: Db, rows: Record<string, unknown>[]): Promise<number[]> {
  const named = rows.flatMap((row) =>
    typeof row.nutrition_food_id === "number" ? [row.nutrition_food_id] : [],
  );
  if (named.length === 0) return [];
  const known = await existingFoodIds(db, named);
  const forgotten: number[] = [];
  for (const row of rows) {
    if (typeof row.nutrition_food_id !== "number" || known.has(row.nutrition_food_id)) continue;
    row.nutrition_food_id = null;
    if (row.nutrition_by === "person" && row.nutrients_per_100g != null) continue;
    row.nutrition_by = null;
    row.nutrients_per_100g = null;
    if (typeof row.id === "number") forgotten.push(row.id);
  }
  return forgotten;
}

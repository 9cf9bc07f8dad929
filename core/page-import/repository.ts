/** SQL for the import: existing ingredients by name. */
import type { Db } from "../db.ts";

/** Ingredients whose lower-cased name is one of `lowerNames` (the unique index on lower(name) serves it). */
export async function findIngredientsByLowerNames(db: Db, lowerNames: readonly string[]) {
  if (lowerNames.length === 0) return [];
  return db
    .selectFrom("ingredients")
    .select(["id", "name", "grams_per_ml", "grams_per_piece"])
    .where((eb) => eb(eb.fn<string>("lower", ["name"]), "in", [...new Set(lowerNames)]))
    .execute();
}

export type IngredientWeightsRow = Awaited<ReturnType<typeof findIngredientsByLowerNames>>[number];

/** SQL for the import: existing ingredients by name. */
import { sql } from "kysely";
import type { Db } from "../db.ts";
import { rowsNamed } from "../names.ts";

/** An existing ingredient with its weights, and the name it was asked for by. */
export type IngredientWeightsRow = {
  asked: string;
  id: number;
  name: string;
  grams_per_ml: number | null;
  grams_per_piece: number | null;
};

/**
 * The ingredients that `names` name, by the database's own rule (`name_key()`: case and plural
 * blind, `bay leaf` is `Bay leaves`), by their name or one of their other names (`Zucker` for
 * Sugar), each with the name it was found by (core/names.ts rowsNamed).
 */
export async function findIngredientsByNames(
  db: Db,
  names: readonly string[],
): Promise<IngredientWeightsRow[]> {
  if (names.length === 0) return [];
  const { rows } = await sql<IngredientWeightsRow>`
    select m.asked, i.id, i.name, i.grams_per_ml, i.grams_per_piece
    from ${rowsNamed("ingredients", names)} m join ingredients i on i.id = m.id`.execute(db);
  return rows;
}

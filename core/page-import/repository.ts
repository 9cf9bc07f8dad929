/** SQL for the import: existing ingredients by name. */
import { sql } from "kysely";
import type { Db } from "../db.ts";
import { nameKey } from "../names.ts";

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
 * Sugar), each with the name it was found by; the unique indexes on name_key(name) serve it.
 */
export async function findIngredientsByNames(
  db: Db,
  names: readonly string[],
): Promise<IngredientWeightsRow[]> {
  if (names.length === 0) return [];
  const asked = [...new Set(names)];
  const { rows } = await sql<IngredientWeightsRow>`
    select a.name as asked, i.id, i.name, i.grams_per_ml, i.grams_per_piece
    from unnest(${asked}::text[]) a(name)
    join ingredients i on ${nameKey(sql.ref("i.name"))} = ${nameKey(sql.ref("a.name"))}
    union all
    select a.name, i.id, i.name, i.grams_per_ml, i.grams_per_piece
    from unnest(${asked}::text[]) a(name)
    join ingredient_names n on ${nameKey(sql.ref("n.name"))} = ${nameKey(sql.ref("a.name"))}
    join ingredients i on i.id = n.ingredient_id`.execute(db);
  return rows;
}

import type { Language } from "../languages.ts";
import type { Id, Pictures, Timestamps } from "../table-types.ts";

export interface IngredientsTable extends Timestamps, Pictures {
  id: Id;
  /** The creator; null once their account is deleted. */
  user_id: number | null;
  name: string;
  description: string | null;
  /** The recipe that makes this ingredient (a dough, a stock), if any. */
  recipe_id: number | null;
  /** Density (g/ml) and the weight of one piece, for turning `2 cups` or `3 eggs` into grams. */
  grams_per_ml: number | null;
  grams_per_piece: number | null;
}

/** Another name an ingredient goes by, in a language or in any (null). */
export interface IngredientNamesTable {
  ingredient_id: number;
  name: string;
  language: Language | null;
}

/** The tables of this folder, in the database as Kysely sees it (core/db/database.ts). */
declare module "../db/database.ts" {
  interface Database {
    ingredients: IngredientsTable;
    ingredient_names: IngredientNamesTable;
  }
}

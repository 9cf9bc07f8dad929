import type { ColumnType } from "kysely";
import type { Generated, Id, Pictures, Timestamps } from "../table-types.ts";

export interface RecipesTable extends Timestamps, Pictures {
  id: Id;
  user_id: number;
  title: string;
  description: string | null;
  cook_time_sec: number | null;
  prep_time_sec: number | null;
  /** The whole time, resting and rising included; null means prep + cook. */
  total_time_sec: number | null;
  servings: number | null;
  /** The http(s) page the recipe was imported from. */
  source_url: string | null;
  /** tsvector over title, ingredient names and description; written with SQL, never read as a value. */
  search_vector: Generated<string>;
}

/**
 * The words (lexemes) of each recipe's title with its creation time, for search: written only by
 * the triggers on recipes (migrations/2026-11-24T0500-recipe-title-words.ts).
 */
export interface RecipeTitleWordsTable {
  word: ColumnType<string, never, never>;
  created_at: ColumnType<Date, never, never>;
  recipe_id: ColumnType<number, never, never>;
}

export interface RecipeIngredientsTable extends Timestamps {
  id: Id;
  recipe_id: number;
  ingredient_id: number;
  /** Order of the line within the recipe, from 0. */
  position: number;
  /** numeric(12,3): pg returns it as a string, so it is read back through a cast or JSON. */
  /** Null when unknown (`salt to taste`). */
  amount_grams: ColumnType<string | number | null, number | null, number | null>;
  amount_readable: string;
}

export interface RecipeStepsTable extends Timestamps {
  id: Id;
  recipe_id: number;
  step_number: number;
  description: string;
}

export interface RecipeCategoriesTable extends Timestamps {
  recipe_id: number;
  category_id: number;
}

/** The tables of this folder, in the database as Kysely sees it (core/db/database.ts). */
declare module "../db/database.ts" {
  interface Database {
    recipes: RecipesTable;
    recipe_ingredients: RecipeIngredientsTable;
    recipe_steps: RecipeStepsTable;
    recipe_categories: RecipeCategoriesTable;
    recipe_title_words: RecipeTitleWordsTable;
  }
}

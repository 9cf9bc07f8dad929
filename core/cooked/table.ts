import type { ColumnType } from "kysely";
import type { Generated, Id, Timestamps } from "../table-types.ts";

/**
 * What a user keeps about a recipe (CONTRACT.md: favourites, ratings, cooked): the favourites and
 * ratings (one per user and recipe, core/recipe/personal.ts) and the cooked log (this folder).
 */
export interface FavouritesTable extends Timestamps {
  user_id: number;
  recipe_id: number;
}

export interface RatingsTable extends Timestamps {
  user_id: number;
  recipe_id: number;
  /** 1–5. */
  stars: number;
}

/**
 * Each rated recipe's sum, count and average of stars, kept by a trigger on `ratings`
 * (migrations/2026-11-29T0300-favourites-ratings-cooked.ts): only ever read here.
 */
export interface RecipeRatingsTable {
  recipe_id: ColumnType<number, never, never>;
  recipe_created_at: ColumnType<Date, never, never>;
  stars_sum: ColumnType<number, never, never>;
  count: ColumnType<number, never, never>;
  /** numeric(2, 1): pg returns it as a string. */
  average: ColumnType<string, never, never>;
}

export interface CookedTable extends Timestamps {
  id: Id;
  recipe_id: number;
  user_id: number;
  /** A `date` column, always read as `date::text` (YYYY-MM-DD) so no driver turns it into a local Date. */
  date: ColumnType<string, string, string>;
  /** Null: not said. */
  servings: number | null;
  note: Generated<string>;
  /** The household that shares the entry; null: private. */
  household_id: number | null;
}

/** The tables of this folder, in the database as Kysely sees it (core/db/database.ts). */
declare module "../db/database.ts" {
  interface Database {
    favourites: FavouritesTable;
    ratings: RatingsTable;
    recipe_ratings: RecipeRatingsTable;
    cooked: CookedTable;
  }
}

import type { ColumnType } from "kysely";
import type { Generated, Id, Timestamps } from "../table-types.ts";

export const MEALS = ["breakfast", "lunch", "dinner", "snack"] as const;
export type Meal = (typeof MEALS)[number];

export interface MealPlanEntriesTable extends Timestamps {
  id: Id;
  user_id: number;
  /** A `date` column, always read as `date::text` (YYYY-MM-DD) so no driver turns it into a local Date. */
  date: ColumnType<string, string, string>;
  meal: Meal;
  recipe_id: number;
  /** Null when neither the entry nor the recipe says how many servings. */
  servings: number | null;
  note: Generated<string>;
  /** The household that shares the entry; null: private. */
  household_id: Generated<number | null>;
}

/** The tables of this folder, in the database as Kysely sees it (core/db/database.ts). */
declare module "../db/database.ts" {
  interface Database {
    meal_plan_entries: MealPlanEntriesTable;
  }
}

/** Request and response shapes of the meal plan (CONTRACT.md: meal plan). */
import * as z from "zod/mini";
import { IsoDate } from "../days.ts";
import { QueryId, RowId } from "../ids.ts";
import { NutritionFactsRead } from "../nutrition/schemas.ts";
import { MEALS } from "./table.ts";

export const Meal = z.enum(MEALS, { error: "Must be one of 'breakfast', 'lunch', 'dinner', 'snack'." });

export const MealPlanEntryBase = z.strictObject({
  date: IsoDate,
  meal: Meal,
  recipe_id: RowId,
  /** Default: the recipe's own servings. */
  servings: z.optional(z.number().check(z.int(), z.gte(1), z.lte(10_000))),
  note: z.optional(z.string().check(z.trim(), z.maxLength(200))),
  /** The household that shares the entry (the caller must be a member); null: private. */
  household_id: z.optional(z.nullable(RowId)),
});
export type MealPlanEntryBase = z.infer<typeof MealPlanEntryBase>;

export const MealPlanEntryCreate = MealPlanEntryBase;
export type MealPlanEntryCreate = z.infer<typeof MealPlanEntryCreate>;

/** Any subset of the create fields (only the entry's creator or an admin moves it to another household). */
export const MealPlanEntryUpdate = z.partial(MealPlanEntryBase);
export type MealPlanEntryUpdate = z.infer<typeof MealPlanEntryUpdate>;

export const MealPlanEntryRead = z.object({
  id: z.number().check(z.int()),
  user_id: z.number().check(z.int()),
  date: z.string(),
  meal: Meal,
  recipe_id: z.number().check(z.int()),
  /** Null only when neither the entry nor its recipe says how many servings. */
  servings: z.nullable(z.number().check(z.int())),
  note: z.string(),
  /** The household that shares it; null: private to its creator. */
  household_id: z.nullable(z.number().check(z.int())),
  /** The recipe's title and preview picture. */
  title: z.string(),
  preview_img: z.nullable(z.string()),
  /**
   * What the entry's servings hold: the recipe's nutrition per serving × `servings` (CONTRACT.md:
   * nutrition); null when the recipe's nutrition or either's servings are unknown.
   */
  nutrition: z.nullable(NutritionFactsRead),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type MealPlanEntryRead = z.infer<typeof MealPlanEntryRead>;

export const MealPlanList = z.object({ items: z.array(MealPlanEntryRead) });

/**
 * `from` and `to` both optional: without them this week (Monday–Sunday, UTC); with one, the 7 days
 * from or to it. `household_id`: only that household's entries.
 */
export const MealPlanQuery = z.strictObject({
  from: z.optional(IsoDate),
  to: z.optional(IsoDate),
  household_id: z.optional(QueryId),
});
export type MealPlanQuery = z.infer<typeof MealPlanQuery>;

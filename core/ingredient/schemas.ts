/** Request and response shapes of ingredients (CONTRACT.md: ingredients). */
import * as z from "zod/mini";
import { RowId } from "../ids.ts";
import { Language } from "../languages.ts";
import { NutrientsInput, NutrientsRead, NutritionSourceRead } from "../nutrition/schemas.ts";
import { PageQuery } from "../pagination.ts";

const IngredientName = z.string().check(z.trim(), z.minLength(1), z.maxLength(100));

/**
 * Another name the ingredient goes by (`Zucker`, `Kristallzucker`), in a language or in any (null):
 * lines that use it match the ingredient, a search finds it, and the app shows the one in the
 * reader's language. One name, one ingredient: no other ingredient may be called it.
 */
export const OtherName = z.strictObject({
  name: IngredientName,
  language: z.optional(z.nullable(Language)),
});
export type OtherName = z.infer<typeof OtherName>;

export const IngredientBase = z.strictObject({
  name: IngredientName,
  description: z.optional(z.nullable(z.string().check(z.maxLength(2000)))),
  /** The recipe that makes this ingredient (a dough, a stock), if any. */
  recipe_id: z.optional(z.nullable(RowId)),
  /** Density, e.g. flour 0.53, milk 1.03; the column's bounds (≤ 100). */
  grams_per_ml: z.optional(z.nullable(z.number().check(z.positive(), z.lte(100)))),
  /** One egg 50, one onion 150; the column's bounds (≤ 100,000). */
  grams_per_piece: z.optional(z.nullable(z.number().check(z.positive(), z.lte(100_000)))),
  /** Its other names, the whole set (a PUT replaces it); at most 30. */
  other_names: z.optional(z.array(OtherName).check(z.maxLength(30))),
});
export type IngredientBase = z.infer<typeof IngredientBase>;

export const IngredientCreate = IngredientBase;
export type IngredientCreate = z.infer<typeof IngredientCreate>;

/**
 * Any subset of the create fields, and a person's nutrition (core/ingredient/nutrition.ts): a food of
 * the table (`nutrition_food_id`) or typed values (`nutrients_per_100g`), one of them; null clears it
 * back to the match.
 */
export const IngredientUpdate = z.strictObject({
  ...z.partial(IngredientBase).shape,
  nutrition_food_id: z.optional(z.nullable(RowId)),
  nutrients_per_100g: z.optional(z.nullable(NutrientsInput)),
});
export type IngredientUpdate = z.infer<typeof IngredientUpdate>;

export const IngredientRead = z.object({
  id: z.number().check(z.int()),
  user_id: z.nullable(z.number().check(z.int())),
  name: z.string(),
  description: z.nullable(z.string()),
  recipe_id: z.nullable(z.number().check(z.int())),
  grams_per_ml: z.nullable(z.number()),
  grams_per_piece: z.nullable(z.number()),
  img: z.nullable(z.string()),
  preview_img: z.nullable(z.string()),
  /** Its other names, by language (null: any) then name. */
  other_names: z.array(z.object({ name: z.string(), language: z.nullable(Language) })),
  /** The eight per 100 g (null each where unknown), or null when it has none. */
  nutrients_per_100g: z.nullable(NutrientsRead),
  /** Where they come from: the matched or chosen food of the table, or a person's values; null: none. */
  nutrition_source: NutritionSourceRead,
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type IngredientRead = z.infer<typeof IngredientRead>;

/**
 * `q` matches a name (its own or another it goes by) from its start or from the start of any word in
 * it; `named_in` keeps the ingredients that go by another name in that language (what the app shows
 * for them there).
 */
export const IngredientListQuery = z.extend(PageQuery, {
  q: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  named_in: z.optional(Language),
});
export type IngredientListQuery = z.infer<typeof IngredientListQuery>;

/** `POST /ingredients/<id>/merge`: the ingredient that takes its place. */
export const IngredientMerge = z.strictObject({ into_id: RowId });
export type IngredientMerge = z.infer<typeof IngredientMerge>;

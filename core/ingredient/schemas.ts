/** Request and response shapes of ingredients (CONTRACT.md: ingredients). */
import * as z from "zod";
import { RowId } from "../ids.ts";
import { PageQuery } from "../pagination.ts";

export const IngredientBase = z.strictObject({
  name: z.string().trim().min(1).max(100),
  description: z.string().max(2000).nullable().optional(),
  /** The recipe that makes this ingredient (a dough, a stock), if any. */
  recipe_id: RowId.nullable().optional(),
  /** Density, e.g. flour 0.53, milk 1.03; the column's bounds (≤ 100). */
  grams_per_ml: z.number().positive().max(100).nullable().optional(),
  /** One egg 50, one onion 150; the column's bounds (≤ 100,000). */
  grams_per_piece: z.number().positive().max(100_000).nullable().optional(),
});
export type IngredientBase = z.infer<typeof IngredientBase>;

export const IngredientCreate = IngredientBase;
export type IngredientCreate = z.infer<typeof IngredientCreate>;

/** Any subset of the create fields. */
export const IngredientUpdate = IngredientBase.partial();
export type IngredientUpdate = z.infer<typeof IngredientUpdate>;

export const IngredientRead = z.object({
  id: z.number().int(),
  user_id: z.number().int().nullable(),
  name: z.string(),
  description: z.string().nullable(),
  recipe_id: z.number().int().nullable(),
  grams_per_ml: z.number().nullable(),
  grams_per_piece: z.number().nullable(),
  img: z.string().nullable(),
  preview_img: z.string().nullable(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type IngredientRead = z.infer<typeof IngredientRead>;

/** `q` matches a name from its start or from the start of any word in it. */
export const IngredientListQuery = PageQuery.extend({ q: z.string().trim().max(100).optional() });
export type IngredientListQuery = z.infer<typeof IngredientListQuery>;

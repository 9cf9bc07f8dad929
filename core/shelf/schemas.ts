/** Request and response shapes of shelves, and of where an ingredient can be found (CONTRACT.md: shelves). */
import * as z from "zod";
import { MAX_INT, RowId } from "../ids.ts";
import { StoreRead } from "../store/schemas.ts";

export const ShelfBase = z.strictObject({
  name: z.string().trim().min(1).max(120),
  /** Walking order within the store, from 0; shelves sharing a position are listed by id. */
  position: z.number().int().min(0).max(MAX_INT),
  /** The ingredients found on the shelf; repeated ids count once. */
  ingredient_ids: z.array(RowId).max(1000).optional(),
});
export type ShelfBase = z.infer<typeof ShelfBase>;

export const ShelfCreate = ShelfBase;
export type ShelfCreate = z.infer<typeof ShelfCreate>;

/** Any subset of the create fields; `ingredient_ids`, when given, replaces the shelf's list. */
export const ShelfUpdate = ShelfBase.partial();
export type ShelfUpdate = z.infer<typeof ShelfUpdate>;

const IngredientRef = z.object({ id: z.number().int(), name: z.string() });

export const ShelfRead = z.object({
  id: z.number().int(),
  store_id: z.number().int(),
  name: z.string(),
  position: z.number().int(),
  /** The same ingredients as `ingredients`, in the same (name) order. */
  ingredient_ids: z.array(z.number().int()),
  ingredients: z.array(IngredientRef),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type ShelfRead = z.infer<typeof ShelfRead>;

/** A store that has the ingredient, with the shelf it sits on there. */
export const IngredientStoreRead = StoreRead.extend({
  shelf: z.object({ id: z.number().int(), name: z.string(), position: z.number().int() }),
});
export type IngredientStoreRead = z.infer<typeof IngredientStoreRead>;

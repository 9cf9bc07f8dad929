/** Request and response shapes of shelves, and of where an ingredient can be found (CONTRACT.md: shelves). */
import * as z from "zod/mini";
import { MAX_INT, RowId } from "../ids.ts";
import { StoreRead } from "../store/schemas.ts";

export const ShelfBase = z.strictObject({
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(120)),
  /** Walking order within the store, from 0; shelves sharing a position are listed by id. */
  position: z.number().check(z.int(), z.gte(0), z.lte(MAX_INT)),
  /** The ingredients found on the shelf; repeated ids count once. */
  ingredient_ids: z.optional(z.array(RowId).check(z.maxLength(1000))),
});
export type ShelfBase = z.infer<typeof ShelfBase>;

export const ShelfCreate = ShelfBase;
export type ShelfCreate = z.infer<typeof ShelfCreate>;

/**
 * Any subset of the create fields; `ingredient_ids`, when given, replaces the shelf's list. With
 * `move: true`, ingredients on another shelf of the store are taken off it instead of a 409.
 */
export const ShelfUpdate = z
  .extend(z.partial(ShelfBase), {
    /** Take the given ingredients off any other shelf of the store, in the same transaction. */
    move: z.optional(z.boolean()),
  })
  .check(
    z.refine((update) => !update.move || update.ingredient_ids !== undefined, {
      path: ["move"],
      message: "'move' needs 'ingredient_ids': the ingredients to move onto this shelf.",
    }),
  );
export type ShelfUpdate = z.infer<typeof ShelfUpdate>;

/** The most shelves one order names (a store has far fewer). */
export const MAX_SHELVES_IN_ORDER = 1000;

/** A store's walking order: every shelf of the store, each once, first to last. */
export const ShelfOrder = z.strictObject({
  shelf_ids: z.array(RowId).check(z.maxLength(MAX_SHELVES_IN_ORDER)),
});
export type ShelfOrder = z.infer<typeof ShelfOrder>;

const IngredientRef = z.object({ id: z.number().check(z.int()), name: z.string() });

export const ShelfRead = z.object({
  id: z.number().check(z.int()),
  store_id: z.number().check(z.int()),
  name: z.string(),
  position: z.number().check(z.int()),
  /** The same ingredients as `ingredients`, in the same (name) order. */
  ingredient_ids: z.array(z.number().check(z.int())),
  ingredients: z.array(IngredientRef),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type ShelfRead = z.infer<typeof ShelfRead>;

/** A store that has the ingredient, with the shelf it sits on there. */
export const IngredientStoreRead = z.extend(StoreRead, {
  shelf: z.object({ id: z.number().check(z.int()), name: z.string(), position: z.number().check(z.int()) }),
});
export type IngredientStoreRead = z.infer<typeof IngredientStoreRead>;

/**
 * Request and response shapes of shopping lists (CONTRACT.md: shopping lists). Bounds mirror the
 * table's checks so the database never rejects valid input.
 */
import * as z from "zod/mini";
import { MeasuresQuery } from "../amount/measures.ts";
import { IsoDate } from "../days.ts";
import { MAX_GRAMS, QueryId, RowId } from "../ids.ts";
import { Cursor, Limit, pageOf } from "../pagination.ts";

/** Servings of a recipe (the recipe's own bound). */
const Servings = z.number().check(z.int(), z.gte(1), z.lte(10_000));
const Readable = z.string().check(z.trim(), z.maxLength(500));

export const ShoppingListBase = z.strictObject({
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(80)),
  /** The store whose walking order the list follows; null for none. */
  store_id: z.optional(z.nullable(RowId)),
  /** The household that shares the list (the caller must be a member); null: private. */
  household_id: z.optional(z.nullable(RowId)),
});
export type ShoppingListBase = z.infer<typeof ShoppingListBase>;

export const ShoppingListCreate = ShoppingListBase;
export type ShoppingListCreate = z.infer<typeof ShoppingListCreate>;

/**
 * Any subset of the create fields; `store_id: null` takes the store off the list, `household_id: null`
 * makes it private (only its creator or an admin moves a list).
 */
export const ShoppingListUpdate = z.partial(ShoppingListBase);
export type ShoppingListUpdate = z.infer<typeof ShoppingListUpdate>;

export const ShoppingListItemRead = z.object({
  id: z.number().check(z.int()),
  /** Null for free text. */
  ingredient_id: z.nullable(z.number().check(z.int())),
  /** The ingredient's name, or the free text. */
  name: z.string(),
  /** The total grams, or null when nothing on the item says its grams. */
  amount_grams: z.nullable(z.number()),
  /** The readable amounts joined with ' + ' ('' when there are none). */
  amount_readable: z.string(),
  checked: z.boolean(),
  /** When it was ticked (an offline tick: when it was made); null while unchecked, or ticked before this was kept. */
  checked_at: z.nullable(z.iso.datetime()),
  /**
   * The weight of one piece of the ingredient (an egg: 50), so a client can show `3 pieces` beside
   * the grams; null for free text and for ingredients not counted in pieces.
   */
  grams_per_piece: z.nullable(z.number()),
  /** The recipes that asked for this item, in the order they were added. */
  recipe_ids: z.array(z.number().check(z.int())),
  /** 1 when made, then +1 on every change (a recipe adding grams to it included). */
  version: z.number().check(z.int()),
  /** Who made the last change (who ticked it); null when not known (made before this was kept, or the account is gone). */
  updated_by: z.nullable(z.object({ user_id: z.number().check(z.int()), username: z.string() })),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type ShoppingListItemRead = z.infer<typeof ShoppingListItemRead>;

export const ShoppingListShelf = z.object({
  id: z.number().check(z.int()),
  name: z.string(),
  position: z.number().check(z.int()),
});

/**
 * One stop of the walk: a shelf of the store and its items, or `shelf: null` for everything else; a
 * section `shelf: null, learned: true` holds items on no shelf where the store's learned walking order
 * places them (GET /stores/{store_id}/learned-order), between the shelves they are found between.
 */
export const ShoppingListSection = z.object({
  shelf: z.nullable(ShoppingListShelf),
  /** Present (true) only on a section placed by the store's learned order. */
  learned: z.optional(z.literal(true)),
  items: z.array(ShoppingListItemRead),
});
export type ShoppingListSection = z.infer<typeof ShoppingListSection>;

export const ShoppingListRecipeRead = z.object({
  recipe_id: z.number().check(z.int()),
  title: z.string(),
  /** The servings added up, or null for a recipe added as written (it does not say its servings). */
  servings: z.nullable(z.number().check(z.int())),
});
export type ShoppingListRecipeRead = z.infer<typeof ShoppingListRecipeRead>;

export const ShoppingListSummary = z.object({
  id: z.number().check(z.int()),
  user_id: z.number().check(z.int()),
  name: z.string(),
  store_id: z.nullable(z.number().check(z.int())),
  /** The household that shares it; null: private to its creator. */
  household_id: z.nullable(z.number().check(z.int())),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type ShoppingListSummary = z.infer<typeof ShoppingListSummary>;

/** The whole list: what was added, and the items in sections along the walk through the store. */
export const ShoppingListRead = z.extend(ShoppingListSummary, {
  recipes: z.array(ShoppingListRecipeRead),
  sections: z.array(ShoppingListSection),
});
export type ShoppingListRead = z.infer<typeof ShoppingListRead>;

export const ShoppingListPage = pageOf(ShoppingListSummary);

/** `household_id`: only that household's lists (the caller must be a member). */
export const ShoppingListListQuery = z.strictObject({
  limit: Limit,
  cursor: Cursor,
  household_id: z.optional(QueryId),
});
export type ShoppingListListQuery = z.infer<typeof ShoppingListListQuery>;

export const ShoppingListGetQuery = z.strictObject({
  /** Walk this store instead of the list's own. */
  store_id: z.optional(QueryId),
  ...MeasuresQuery,
});
export type ShoppingListGetQuery = z.infer<typeof ShoppingListGetQuery>;

/**
 * Make rather than buy an ingredient made by a recipe (a dough): its recipe's own lines replace it,
 * up to 5 levels deep. `true` makes every such ingredient; a list of ingredient ids makes those
 * (wherever they appear) and buys the others.
 */
const Expand = z.union([z.boolean(), z.array(RowId).check(z.maxLength(100))]).register(z.globalRegistry, {
  description:
    "Make rather than buy what a recipe makes (a dough): true for all of them, or the ids of the ingredients to make.",
});

export const ShoppingListRecipeCreate = z.strictObject({
  recipe_id: RowId,
  /** Default: the recipe's own servings. A recipe that does not say its servings cannot be scaled. */
  servings: z.optional(Servings),
  expand: z.optional(Expand),
});
export type ShoppingListRecipeCreate = z.infer<typeof ShoppingListRecipeCreate>;

/** An ingredient (`ingredient_id`, with grams if known) or free text (`name`): exactly one of the two. */
export const ShoppingListItemCreate = z
  .strictObject({
    ingredient_id: z.optional(RowId),
    name: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(200))),
    amount_grams: z.optional(z.number().check(z.gte(0), z.lte(MAX_GRAMS))),
    amount_readable: z.optional(Readable),
    /** A UUID the client picks: the same add sent again (an offline replay) makes nothing new. */
    client_id: z.optional(z.uuid("Must be a UUID.")),
  })
  .check(
    z.superRefine((body, ctx) => {
      if ((body.ingredient_id === undefined) === (body.name === undefined)) {
        ctx.addIssue({
          code: "custom",
          path: ["ingredient_id"],
          message: "Give either ingredient_id or name (free text), not both.",
        });
      }
      if (body.name !== undefined && body.amount_grams !== undefined) {
        ctx.addIssue({
          code: "custom",
          path: ["amount_grams"],
          message: "A free-text item has no grams; give ingredient_id to count grams.",
        });
      }
    }),
  );
export type ShoppingListItemCreate = z.infer<typeof ShoppingListItemCreate>;

/** Every field sets a value (never adds), so the same PUT sent twice changes nothing more. */
export const ShoppingListItemUpdate = z
  .strictObject({
    checked: z.optional(z.boolean()),
    /**
     * With `checked: true`: when it was ticked (an offline tick sends the time it was made; absent: now).
     * A time in the future counts as now, one before the item existed as its creation.
     */
    checked_at: z.optional(z.iso.datetime({ offset: true })),
    amount_grams: z.optional(z.nullable(z.number().check(z.gte(0), z.lte(MAX_GRAMS)))),
    amount_readable: z.optional(Readable),
    /** Only for a free-text item. */
    name: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(200))),
  })
  .check(
    z.superRefine((body, ctx) => {
      if (body.checked_at !== undefined && body.checked !== true) {
        ctx.addIssue({
          code: "custom",
          path: ["checked_at"],
          message: "checked_at goes with checked: true (the time of the tick).",
        });
      }
    }),
  );
export type ShoppingListItemUpdate = z.infer<typeof ShoppingListItemUpdate>;

/** `DELETE …/items?checked=true`: the parameter must be there, so a bare DELETE cannot empty a list. */
export const ShoppingListClearQuery = z.strictObject({
  checked: z.literal("true", { error: "Must be 'true': only checked items are removed together." }),
});

export const ShoppingListMealPlanCreate = z.strictObject({
  from: IsoDate,
  to: IsoDate,
  expand: z.optional(Expand),
});
export type ShoppingListMealPlanCreate = z.infer<typeof ShoppingListMealPlanCreate>;

/**
 * The recipe shapes of the contract: what a client may send (strict: unknown fields are a 422)
 * and what it gets back. Bounds mirror the table's checks so the database never rejects valid input.
 */
import * as z from "zod";
import { MAX_INT, RowId } from "../ids.ts";
import { checkedCursor, isTimestampText, Limit, pageOf } from "../pagination.ts";

/** Each time is capped so that cook + prep (an indexed integer expression) can never overflow. */
const MAX_TIME_SEC = 1_000_000_000;
/** numeric(12, 3) holds at most 999,999,999.999. */
const MAX_GRAMS = 999_999_999.999;

const QueryId = z.coerce.number().int().min(1).max(MAX_INT);
const Seconds = z.number().int().min(0).max(MAX_TIME_SEC);
const SourceUrl = z
  .string()
  .max(2000, "Must be at most 2000 characters.")
  .pipe(z.url({ protocol: /^https?$/, error: "Must be an http or https address." }));

export const RecipeBase = z.object({
  title: z.string().trim().min(1).max(200),
  description: z.string().max(10_000).nullable().optional(),
  cook_time_sec: Seconds.nullable().optional(),
  prep_time_sec: Seconds.nullable().optional(),
  servings: z.number().int().min(1).max(10_000).nullable().optional(),
  /** The page the recipe came from (an import); the column's bounds. */
  source_url: SourceUrl.nullable().optional(),
});
export type RecipeBase = z.infer<typeof RecipeBase>;

export const RecipeIngredientCreate = z.strictObject({
  ingredient_id: RowId,
  amount_grams: z.number().min(0).max(MAX_GRAMS),
  amount_readable: z.string().max(100),
});
export type RecipeIngredientCreate = z.infer<typeof RecipeIngredientCreate>;

export const RecipeStepCreate = z.strictObject({ description: z.string().min(1).max(5_000) });
export type RecipeStepCreate = z.infer<typeof RecipeStepCreate>;

const lists = {
  category_ids: z.array(RowId).max(50).optional(),
  ingredients: z.array(RecipeIngredientCreate).max(200).optional(),
  steps: z.array(RecipeStepCreate).max(200).optional(),
};

export const RecipeCreate = z.strictObject({ ...RecipeBase.shape, ...lists });
export type RecipeCreate = z.infer<typeof RecipeCreate>;

/** Any subset of the create fields; a list that is given replaces the old list. */
export const RecipeUpdate = z.strictObject({ ...RecipeBase.partial().shape, ...lists });
export type RecipeUpdate = z.infer<typeof RecipeUpdate>;

export const RecipeCategoryRead = z.object({ id: z.number().int(), name: z.string() });
export const RecipeIngredientRead = z.object({
  ingredient_id: z.number().int(),
  name: z.string(),
  amount_grams: z.number(),
  amount_readable: z.string(),
});
export const RecipeStepRead = z.object({ step_number: z.number().int(), description: z.string() });

export const RecipeSummary = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  cook_time_sec: z.number().int().nullable(),
  prep_time_sec: z.number().int().nullable(),
  servings: z.number().int().nullable(),
  source_url: z.string().nullable(),
  img: z.string().nullable(),
  preview_img: z.string().nullable(),
  categories: z.array(RecipeCategoryRead),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type RecipeSummary = z.infer<typeof RecipeSummary>;

export const RecipeRead = RecipeSummary.extend({
  ingredients: z.array(RecipeIngredientRead),
  steps: z.array(RecipeStepRead),
  /** Only on a scaled read (`?servings=N`): N divided by the recipe's own servings. */
  scale: z.number().optional(),
});
export type RecipeRead = z.infer<typeof RecipeRead>;

export const RecipePage = pageOf(RecipeSummary);

export const RecipeGetQuery = z.strictObject({
  servings: z.coerce.number().int().min(1).max(10_000).optional(),
});
export type RecipeGetQuery = z.infer<typeof RecipeGetQuery>;

export const RECIPE_SORTS = ["newest", "oldest", "title", "cook_time"] as const;
export type RecipeSort = (typeof RECIPE_SORTS)[number];

const emptyToUndefined = (v: unknown) => (v === "" ? undefined : v);

/** The largest value a PostgreSQL `real` (a search rank) holds. */
const MAX_REAL = 3.4e38;

/**
 * A recipe list cursor's key, field by field: `[order, key, id]` where the key is, per order, a
 * timestamp that exists (newest, oldest), a title, a cook time in range, or a relevance key: a tier
 * and a timestamp (`1:2024-05-01 12:00:00+00`), or a rank that fits a `real`.
 */
function isRecipeCursorKey(value: unknown): boolean {
  if (!Array.isArray(value) || value.length !== 3) return false;
  const [order, key, id] = value as unknown[];
  if (!RowId.safeParse(id).success) return false;
  switch (order) {
    case "newest":
    case "oldest":
      return typeof key === "string" && isTimestampText(key);
    case "title":
      return typeof key === "string" && key.length <= 200;
    case "cook_time":
      return typeof key === "number" && Number.isInteger(key) && key >= 0 && key <= MAX_INT;
    case "relevance":
      if (typeof key !== "string") return false;
      if (/^[01]:/.test(key)) return isTimestampText(key.slice(2));
      return /^\d{1,10}(\.\d{1,12})?(e-?\d{1,2})?$/.test(key) && Number(key) <= MAX_REAL;
    default:
      return false;
  }
}

export const RecipeListQuery = z.strictObject({
  q: z.preprocess(emptyToUndefined, z.string().trim().min(1).max(200).optional()),
  category_id: QueryId.optional(),
  /** Repeatable: recipes that use every one of them. */
  ingredient_id: z.preprocess(
    (v) => (v === undefined || Array.isArray(v) ? v : [v]),
    z.array(QueryId).max(10).optional(),
  ),
  user_id: QueryId.optional(),
  max_total_time_sec: z.coerce.number().int().min(0).max(MAX_INT).optional(),
  /** Without `sort`, a search is ordered by relevance and anything else by `newest`. */
  sort: z.enum(RECIPE_SORTS).optional(),
  limit: Limit,
  cursor: checkedCursor(isRecipeCursorKey),
});
export type RecipeListQuery = z.infer<typeof RecipeListQuery>;

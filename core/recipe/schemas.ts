/**
 * The recipe shapes of the contract: what a client may send (strict: unknown fields are a 422)
 * and what it gets back. Bounds mirror the table's checks so the database never rejects valid input.
 */
import * as z from "zod/mini";
import { MeasuresQuery } from "../amount/measures.ts";
import { IsoDate } from "../days.ts";
import { MAX_GRAMS, MAX_INT, QueryId, RowId } from "../ids.ts";
import { NutritionRead } from "../nutrition/schemas.ts";
import { checkedCursor, isTimestampText, Limit, pageOf } from "../pagination.ts";

/** Each time is capped so that cook + prep (an indexed integer expression) can never overflow. */
const MAX_TIME_SEC = 1_000_000_000;
/** numeric(12, 3) holds at most 999,999,999.999. */

const Seconds = z.number().check(z.int(), z.gte(0), z.lte(MAX_TIME_SEC));
/**
 * `recipes.source_url`'s check: `~* '^https?://[^\s]+$'`, at most 2,000 characters. PostgreSQL's
 * `\s` is ASCII whitespace under the C locale and the locale's or ICU's spaces otherwise (which also
 * count U+0085 and U+001C-U+001F), so no whitespace of JavaScript's `\s` and no control character at
 * all: what passes here passes there, whatever the database's locale.
 */
export const SOURCE_URL_PATTERN = /^https?:\/\/[^\s\p{Cc}]+$/iu;

const SourceUrl = z.pipe(
  z.string().check(
    z.maxLength(2000, "Must be at most 2000 characters."),
    // A refinement, not z.regex: the API reference would show the pattern without its flags.
    z.refine((url) => SOURCE_URL_PATTERN.test(url), "Must be an http or https address without spaces."),
  ),
  z.url({ protocol: /^https?$/, error: "Must be an http or https address." }),
);

export const RecipeBase = z.object({
  title: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
  description: z.optional(z.nullable(z.string().check(z.maxLength(10_000)))),
  cook_time_sec: z.optional(z.nullable(Seconds)),
  prep_time_sec: z.optional(z.nullable(Seconds)),
  /** The whole time, resting, rising and chilling included; null means prep + cook. */
  total_time_sec: z.optional(z.nullable(Seconds)),
  servings: z.optional(z.nullable(z.number().check(z.int(), z.gte(1), z.lte(10_000)))),
  /** The page the recipe came from (an import); the column's bounds. */
  source_url: z.optional(z.nullable(SourceUrl)),
});
export type RecipeBase = z.infer<typeof RecipeBase>;

export const RecipeIngredientCreate = z.strictObject({
  ingredient_id: RowId,
  /** Null (or left out) when unknown: `salt to taste`, `fat for the tin`. */
  amount_grams: z._default(z.nullable(z.number().check(z.gte(0), z.lte(MAX_GRAMS))), null),
  amount_readable: z.string().check(z.maxLength(100)),
});
export type RecipeIngredientCreate = z.infer<typeof RecipeIngredientCreate>;

export const RecipeStepCreate = z.strictObject({
  description: z.string().check(z.minLength(1), z.maxLength(5_000)),
});
export type RecipeStepCreate = z.infer<typeof RecipeStepCreate>;

const lists = {
  category_ids: z.optional(z.array(RowId).check(z.maxLength(50))),
  ingredients: z.optional(z.array(RecipeIngredientCreate).check(z.maxLength(200))),
  steps: z.optional(z.array(RecipeStepCreate).check(z.maxLength(200))),
};

export const RecipeCreate = z.strictObject({ ...RecipeBase.shape, ...lists });
export type RecipeCreate = z.infer<typeof RecipeCreate>;

/** Any subset of the create fields; a list that is given replaces the old list. */
export const RecipeUpdate = z.strictObject({ ...z.partial(RecipeBase).shape, ...lists });
export type RecipeUpdate = z.infer<typeof RecipeUpdate>;

export const RecipeCategoryRead = z.object({ id: z.number().check(z.int()), name: z.string() });
export const RecipeIngredientRead = z.object({
  ingredient_id: z.number().check(z.int()),
  name: z.string(),
  /** Null when unknown (`salt to taste`). */
  amount_grams: z.nullable(z.number()),
  amount_readable: z.string(),
});
/** A duration a step's text names (core/words/timers.ts): `start`/`end` are offsets in `description`. */
export const StepTimer = z.object({
  /** A range's shorter end (`10–12 min` → 600). */
  seconds: z.number().check(z.int(), z.gte(1)),
  /** The words as written (`10–12 min`), `description.slice(start, end)`. */
  text: z.string(),
  start: z.number().check(z.int(), z.gte(0)),
  end: z.number().check(z.int(), z.gte(0)),
});
export const RecipeStepRead = z.object({
  step_number: z.number().check(z.int()),
  description: z.string(),
  /** The durations its text names, computed on each read (never stored). */
  timers: z.array(StepTimer),
});

/** `rating` of a read: the average stars (1 decimal) and how many rated, everyone's; `mine`, the caller's. */
export const RatingSummary = z.object({
  average: z.nullable(z.number()),
  count: z.number().check(z.int(), z.gte(0)),
  /** The caller's stars; null for Public and for a caller who has not rated it. */
  mine: z.nullable(z.number().check(z.int(), z.gte(1), z.lte(5))),
});

/**
 * What a read tells the caller about themselves and the recipe (core/recipe/personal.ts): `rating`
 * for everyone; `favourite`, `last_cooked` and `times_cooked` only to a signed-in caller (absent for
 * Public). `last_cooked` and `times_cooked` count the caller's entries and their households'.
 */
const personal = {
  favourite: z.optional(z.boolean()),
  rating: RatingSummary,
  /** The last day cooked (YYYY-MM-DD), or null: never. */
  last_cooked: z.optional(z.nullable(z.string())),
  times_cooked: z.optional(z.number().check(z.int(), z.gte(0))),
};

export const RecipeSummary = z.object({
  id: z.number().check(z.int()),
  user_id: z.number().check(z.int()),
  title: z.string(),
  description: z.nullable(z.string()),
  cook_time_sec: z.nullable(z.number().check(z.int())),
  prep_time_sec: z.nullable(z.number().check(z.int())),
  total_time_sec: z.nullable(z.number().check(z.int())),
  servings: z.nullable(z.number().check(z.int())),
  source_url: z.nullable(z.string()),
  img: z.nullable(z.string()),
  preview_img: z.nullable(z.string()),
  categories: z.array(RecipeCategoryRead),
  ...personal,
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type RecipeSummary = z.infer<typeof RecipeSummary>;

export const RecipeRead = z.extend(RecipeSummary, {
  ingredients: z.array(RecipeIngredientRead),
  steps: z.array(RecipeStepRead),
  /** Only on a scaled read (`?servings=N`): N divided by the recipe's own servings. */
  scale: z.optional(z.number()),
  /** Per serving of the recipe's own servings (a scaled read changes nothing here). */
  nutrition: NutritionRead,
});
export type RecipeRead = z.infer<typeof RecipeRead>;

export const RecipePage = pageOf(RecipeSummary);

/** `PUT /recipes/<id>/rating`: the caller's stars, a whole number from 1 to 5. */
export const RatingCreate = z.strictObject({ stars: z.number().check(z.int(), z.gte(1), z.lte(5)) });
export type RatingCreate = z.infer<typeof RatingCreate>;
export const RatingRead = z.object({ stars: z.number().check(z.int(), z.gte(1), z.lte(5)) });

export const RecipeGetQuery = z.strictObject({
  servings: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(10_000))),
  ...MeasuresQuery,
});
export type RecipeGetQuery = z.infer<typeof RecipeGetQuery>;

export const RECIPE_SORTS = ["newest", "oldest", "title", "cook_time", "rating", "last_cooked"] as const;
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
    case "rating":
      return typeof key === "string" && isPersonalSortKey(key, /^(0:[1-5]\.\d|1:)$/);
    case "last_cooked":
      return typeof key === "string" && isPersonalSortKey(key, /^(0:|1:\d{4}-\d{2}-\d{2})$/);
    case "relevance":
      if (typeof key !== "string") return false;
      if (/^[01]:/.test(key)) return isTimestampText(key.slice(2));
      return /^\d{1,10}(\.\d{1,12})?(e-?\d{1,2})?$/.test(key) && Number(key) <= MAX_REAL;
    default:
      return false;
  }
}

/**
 * A `rating` or `last_cooked` cursor key: `<tier>:<value>|<created_at>` (core/recipe/list-query.ts),
 * its head matching `head` and a day in it that exists.
 */
function isPersonalSortKey(key: string, head: RegExp): boolean {
  const bar = key.indexOf("|");
  if (bar < 0 || !head.test(key.slice(0, bar)) || !isTimestampText(key.slice(bar + 1))) return false;
  const day = /^1:(\d{4}-\d{2}-\d{2})$/.exec(key.slice(0, bar))?.[1];
  return day === undefined || IsoDate.safeParse(day).success;
}

export const RecipeListQuery = z.strictObject({
  q: z.pipe(
    z.transform(emptyToUndefined),
    z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(200))),
  ),
  category_id: z.optional(QueryId),
  /** Repeatable: recipes that use every one of them. */
  ingredient_id: z.pipe(
    z.transform((v: unknown) => (v === undefined || Array.isArray(v) ? v : [v])),
    z.optional(z.array(QueryId).check(z.maxLength(10))),
  ),
  user_id: z.optional(QueryId),
  max_total_time_sec: z.optional(z.coerce.number().check(z.int(), z.gte(0), z.lte(MAX_INT))),
  /** `true`: only the caller's favourites; `false`: all but them (a signed-in caller's; 401 for Public). */
  favourite: z.optional(z.enum(["true", "false"])),
  /** Without `sort`, a search is ordered by relevance and anything else by `newest`. */
  sort: z.optional(z.enum(RECIPE_SORTS)),
  limit: Limit,
  cursor: checkedCursor(isRecipeCursorKey),
});
export type RecipeListQuery = z.infer<typeof RecipeListQuery>;

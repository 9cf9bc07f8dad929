/** Request and response shapes of the cooked log (CONTRACT.md: Cooked). */
import * as z from "zod/mini";
import { IsoDate } from "../days.ts";
import { QueryId, RowId } from "../ids.ts";
import { checkedCursor, Limit, pageOf } from "../pagination.ts";

/** "I made this": every field optional. */
export const CookedCreate = z.strictObject({
  /** The day it was cooked; default today (UTC). */
  date: z.optional(IsoDate),
  /** Default: the recipe's own servings (null when it says none). */
  servings: z.optional(z.nullable(z.number().check(z.int(), z.gte(1), z.lte(10_000)))),
  /** Trimmed; at most 500 characters. */
  note: z.optional(z.string().check(z.trim(), z.maxLength(500))),
  /** The household that shares the entry (the caller must be a member); null or absent: private. */
  household_id: z.optional(z.nullable(RowId)),
});
export type CookedCreate = z.infer<typeof CookedCreate>;

export const CookedRead = z.object({
  id: z.number().check(z.int()),
  recipe_id: z.number().check(z.int()),
  /** Who cooked it (made the entry). */
  user_id: z.number().check(z.int()),
  /** YYYY-MM-DD. */
  date: z.string(),
  servings: z.nullable(z.number().check(z.int())),
  note: z.string(),
  /** The household that shares it; null: private to its maker. */
  household_id: z.nullable(z.number().check(z.int())),
  /** The recipe's title and preview picture, for the log. */
  title: z.string(),
  preview_img: z.nullable(z.string()),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type CookedRead = z.infer<typeof CookedRead>;

export const CookedPage = pageOf(CookedRead);

/** A log cursor's key: the last entry's day (created_at breaks no ties: the id does) and id. */
export const CookedCursorKey = z.tuple([IsoDate, RowId]);

export const CookedQuery = z.strictObject({
  /** The first day (inclusive). */
  from: z.optional(IsoDate),
  /** The last day (inclusive). */
  to: z.optional(IsoDate),
  recipe_id: z.optional(QueryId),
  limit: Limit,
  cursor: checkedCursor((key) => CookedCursorKey.safeParse(key).success),
});
export type CookedQuery = z.infer<typeof CookedQuery>;

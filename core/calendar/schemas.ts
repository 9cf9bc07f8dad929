/** Request and response shapes of calendar links (CONTRACT.md: "the meal plan in any calendar"). */
import * as z from "zod/mini";
import { RowId } from "../ids.ts";

export const CalendarLinkCreate = z.strictObject({
  /** The household whose plan the feed shows (the caller must be a member); absent or null: the caller's plan. */
  household_id: z.optional(z.nullable(RowId)),
});
export type CalendarLinkCreate = z.infer<typeof CalendarLinkCreate>;

/** A link as listed: never its secret, which is stored only as a hash. */
export const CalendarLinkRead = z.object({
  id: z.number().check(z.int()),
  household_id: z.nullable(z.number().check(z.int())),
  created_at: z.iso.datetime(),
  /** When a calendar last read the feed; null: never. */
  last_read_at: z.nullable(z.iso.datetime()),
});
export type CalendarLinkRead = z.infer<typeof CalendarLinkRead>;

/** The new link and, this once, its address with the secret. */
export const CalendarLinkCreated = z.object({
  id: z.number().check(z.int()),
  household_id: z.nullable(z.number().check(z.int())),
  /** The feed's address, secret included: shown in this answer only. */
  url: z.string(),
  created_at: z.iso.datetime(),
});
export type CalendarLinkCreated = z.infer<typeof CalendarLinkCreated>;

export const CalendarLinkList = z.object({ items: z.array(CalendarLinkRead) });

/**
 * The feed's query: the secret (anything that is not one is a 404, as a revoked one is). Other
 * parameters are ignored, not refused: a calendar app may add its own, and cannot show an error.
 */
export const CalendarFeedQuery = z.object({ key: z.string().check(z.maxLength(200)) });

/**
 * A calendar day as the API takes and gives one: `YYYY-MM-DD` that exists. A module of its own so
 * that every resource with days (the meal plan, shopping lists from it, recipes' last cooked, the
 * cooked log) shares the one rule without carrying another resource's schemas into its bundle.
 */
import * as z from "zod/mini";

/** A calendar day as `YYYY-MM-DD` that exists (no 2026-02-30). */
export const IsoDate = z.string().check(
  z.regex(/^\d{4}-\d{2}-\d{2}$/, "Must be a date as YYYY-MM-DD."),
  z.refine((text) => {
    const date = new Date(`${text}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
  }, "Must be a date that exists, as YYYY-MM-DD."),
  // PostgreSQL's calendar has no year 0 (1 BC comes before 0001).
  z.refine((text) => !text.startsWith("0000"), "Must be a date from 0001-01-01 on."),
);

import { getDb } from "../../core/db.ts";
import { MealPlanList, MealPlanQuery } from "../../core/meal-plan/schemas.ts";
import { listEntries } from "../../core/meal-plan/service.ts";
import { endpoint, ok } from "../lib/endpoint.ts";

export const handler = endpoint("meal-plan/list", {
  summary: "Read your meal plan",
  description:
    "The caller's own entries and every entry of their households (`?household_id=N`: only that " +
    "household's; 422 unknown, 403 not the caller's) from `from` to `to` (inclusive), by date, then " +
    "meal (breakfast, lunch, " +
    "dinner, snack). Without either, this week Monday–Sunday (UTC); with one, the 7 days from or up to " +
    "it. `from` after `to`, or more than 62 days apart, is a 400.",
  query: MealPlanQuery,
  response: { status: 200, schema: MealPlanList, description: "The entries of those days." },
  errors: ["forbidden", "invalid"],
  handle: async ({ query, caller }) => ok(await listEntries(getDb(), query, caller)),
});

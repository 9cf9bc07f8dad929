import { getDb } from "../../core/db.ts";
import { MealPlanEntryCreate, MealPlanEntryRead } from "../../core/meal-plan/schemas.ts";
import { createEntry } from "../../core/meal-plan/service.ts";
import { created, endpoint } from "../lib/endpoint.ts";
import { API_PREFIX } from "../lib/route-types.ts";

export const handler = endpoint("meal-plan/create", {
  summary: "Plan a recipe for a meal",
  description:
    "`servings` defaults to the recipe's own; a recipe that does not say its servings takes none (422 " +
    "if given). An unknown recipe is a 422. The entry belongs to the caller: private, or shared with " +
    "the members of `household_id` (the caller must be one: 403; an unknown household is a 422).",
  body: MealPlanEntryCreate,
  response: { status: 201, schema: MealPlanEntryRead, description: "The new entry." },
  errors: ["forbidden", "invalid"],
  handle: async ({ body, caller }) => {
    const entry = await createEntry(getDb(), body, caller);
    return created(entry, `${API_PREFIX}/meal-plan/${entry.id}`);
  },
});

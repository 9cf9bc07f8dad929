import { getDb } from "../../core/db.ts";
import { MealPlanEntryRead, MealPlanEntryUpdate } from "../../core/meal-plan/schemas.ts";
import { updateEntry } from "../../core/meal-plan/service.ts";
import { endpoint, ok } from "../lib/endpoint.ts";

export const handler = endpoint("meal-plan/update", {
  summary: "Change a meal plan entry",
  description:
    "Any subset of the create fields; what the body does not name stays. Another `recipe_id` without " +
    "`servings` keeps the entry's servings, except that a recipe that does not say its servings leaves " +
    "the entry without (null), and an entry that had none takes the new recipe's own. `household_id` " +
    "moves it (only its creator or an admin: 403; into a household they are in: 403, unknown: 422; " +
    "null makes it private). Its creator, the members of its household, or an admin.",
  body: MealPlanEntryUpdate,
  response: { status: 200, schema: MealPlanEntryRead, description: "The entry." },
  errors: ["forbidden", "invalid"],
  handle: async ({ params, body, caller }) => ok(await updateEntry(getDb(), params.entry_id, body, caller)),
});

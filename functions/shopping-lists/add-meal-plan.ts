import { getDb } from "../../core/db.ts";
import { ShoppingListMealPlanCreate, ShoppingListRead } from "../../core/shopping-list/schemas.ts";
import { addMealPlanDays } from "../../core/shopping-list/service.ts";
import { endpoint, ok } from "../lib/endpoint.ts";

export const handler = endpoint("shopping-lists/add-meal-plan", {
  summary: "Add the meal plan's days to a shopping list",
  description:
    "Every meal plan entry from `from` to `to` (inclusive, at most 62 days apart): the household's " +
    "for a list of a household, else the list creator's own; each " +
    "is added as a recipe at its servings, as `POST …/recipes` would (`expand` applies to each). One " +
    "transaction. Its creator, the members of its household, or an admin.",
  body: ShoppingListMealPlanCreate,
  response: { status: 200, schema: ShoppingListRead, description: "The list, whole." },
  errors: ["forbidden", "invalid"],
  handle: async ({ params, body, caller }) =>
    ok(await addMealPlanDays(getDb(), params.list_id, body, caller)),
});

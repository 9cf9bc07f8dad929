import { getDb } from "../../core/db.ts";
import { ShoppingListRead } from "../../core/shopping-list/schemas.ts";
import { takeBackRecipe } from "../../core/shopping-list/service.ts";
import { endpoint, ok } from "../lib/endpoint.ts";

export const handler = endpoint("shopping-lists/remove-recipe", {
  summary: "Take a recipe back off a shopping list",
  description:
    "Removes exactly the grams the recipe added (every time it was added); an item left with nothing " +
    "from any recipe and never added by hand goes away. An item whose amount was set by hand keeps " +
    "that amount. A recipe that is not on the list is a 404. Its creator, the members of its household, or an admin.",
  response: { status: 200, schema: ShoppingListRead, description: "The list, whole, without that recipe." },
  errors: ["forbidden"],
  handle: async ({ params, caller }) =>
    ok(await takeBackRecipe(getDb(), params.list_id, params.recipe_id, caller)),
});

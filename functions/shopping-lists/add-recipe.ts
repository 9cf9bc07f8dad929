import { getDb } from "../../core/db.ts";
import { ShoppingListRead, ShoppingListRecipeCreate } from "../../core/shopping-list/schemas.ts";
import { addRecipe } from "../../core/shopping-list/service.ts";
import { endpoint, ok } from "../lib/endpoint.ts";

export const handler = endpoint("shopping-lists/add-recipe", {
  summary: "Add a recipe to a shopping list",
  description:
    "Adds each ingredient line, grams scaled to `servings` (default: the recipe's own; a recipe " +
    "without servings is added as written, and `servings` for it is a 422), into the list's one " +
    "unchecked item of that ingredient (a new item where there is none, or where it is checked). A " +
    "readable amount that was scaled says by how much (`2 cups × 1.5`). With `expand: true`, an " +
    "ingredient that a recipe makes is replaced by that recipe's lines scaled to add up to the grams " +
    "needed, down to 5 levels; a recipe that contains itself is a 422. Adding the same recipe again " +
    "adds it again (its servings add up). One transaction. Its creator, the members of its household, or an admin.",
  body: ShoppingListRecipeCreate,
  response: { status: 200, schema: ShoppingListRead, description: "The list, whole." },
  errors: ["forbidden", "invalid"],
  handle: async ({ params, body, caller }) => ok(await addRecipe(getDb(), params.list_id, body, caller)),
});

import { getDb } from "../../core/db.ts";
import { RecipeRead, RecipeUpdate } from "../../core/recipe/schemas.ts";
import { updateRecipe } from "../../core/recipe/service.ts";
import { endpoint, ok } from "../lib/endpoint.ts";

export const handler = endpoint("recipes/update", {
  summary: "Change a recipe",
  description:
    "Any subset of the create fields. A list that is given (`category_ids`, `ingredients`, `steps`) " +
    "replaces the old list; one that is left out stays. One transaction; owner or admin.",
  body: RecipeUpdate,
  response: { status: 200, schema: RecipeRead, description: "The updated recipe." },
  errors: ["forbidden", "not_found", "invalid"],
  handle: async ({ params, body, caller }) => ok(await updateRecipe(getDb(), params.recipe_id, body, caller)),
});

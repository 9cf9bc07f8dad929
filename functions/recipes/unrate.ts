import { getDb } from "../../core/db.ts";
import { unrateRecipe } from "../../core/recipe/personal.ts";
import { endpoint, noContent } from "../lib/endpoint.ts";

export const handler = endpoint("recipes/unrate", {
  summary: "Take a rating back",
  description: "Deletes the caller's rating of the recipe. Idempotent: without one it is a 204 too.",
  response: { status: 204, description: "The caller has not rated it." },
  handle: async ({ params, caller }) => {
    await unrateRecipe(getDb(), params.recipe_id, caller);
    return noContent();
  },
});

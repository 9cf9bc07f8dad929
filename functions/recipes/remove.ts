import { getDb } from "../../core/db.ts";
import { removeRecipe } from "../../core/recipe/service.ts";
import { endpoint, noContent } from "../lib/endpoint.ts";

export const handler = endpoint("recipes/remove", {
  summary: "Delete a recipe",
  description: "Owner or admin. Its steps, ingredient lines, category links and pictures go with it.",
  response: { status: 204, description: "Deleted." },
  errors: ["forbidden", "not_found"],
  handle: async ({ params, caller }) => {
    await removeRecipe(getDb(), params.recipe_id, caller);
    return noContent();
  },
});

import { requireCaller } from "../../core/auth/caller.ts";
import { getDb } from "../../core/db.ts";
import { removeRecipe } from "../../core/recipe/service.ts";
import { endpoint, noContent } from "../lib/endpoint.ts";

export const handler = endpoint({
  summary: "Delete a recipe",
  description: "Owner or admin. Its steps, ingredient lines, category links and pictures go with it.",
  params: ["recipe_id"],
  response: { status: 204, description: "Deleted." },
  errors: [403, 404],
  handle: async ({ params, caller }) => {
    await removeRecipe(getDb(), params.recipe_id, requireCaller(caller));
    return noContent();
  },
});

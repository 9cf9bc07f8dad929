import { getDb } from "../../core/db.ts";
import { getRevision, RecipeRevisionRead } from "../../core/recipe/revisions.ts";
import { endpoint, ok } from "../lib/endpoint.ts";

export const handler = endpoint("recipes/revision", {
  summary: "A recipe as it was",
  description:
    "The recipe as a recipe read at that revision, with `revision`: its title, description, times, " +
    "servings, source, categories, ingredient lines and steps as they were then; `id`, `user_id`, the " +
    "pictures (not versioned) and `created_at` are the recipe's, `updated_at` is when the revision was " +
    "kept. A line or category whose ingredient or category no longer exists has a null id and the name " +
    "it had then; nutrition is computed from the ingredients' nutrients now. No `favourite`, `rating` " +
    "or cooked fields: they are about the recipe now. Whoever may read the recipe.",
  response: { status: 200, schema: RecipeRevisionRead, description: "The recipe at that revision." },
  errors: ["not_found"],
  handle: async ({ params }) => ok(await getRevision(getDb(), params.recipe_id, params.revision)),
});

import { getDb } from "../../core/db.ts";
import { restoreRevision } from "../../core/recipe/revision-restore.ts";
import { RecipeRead } from "../../core/recipe/schemas.ts";
import { endpoint, ok } from "../lib/endpoint.ts";

export const handler = endpoint("recipes/restore-revision", {
  summary: "Restore a recipe as it was",
  description:
    "Owner or admin. The recipe becomes what it was then (pictures stay), kept as a new revision by the " +
    "caller; none when nothing changes. A line whose ingredient is gone takes the ingredient of its name, " +
    "else 409 and nothing changes; a gone category is matched by name, else left out.",
  response: { status: 200, schema: RecipeRead, description: "The recipe, now as it was then." },
  errors: ["forbidden", "not_found", "conflict"],
  handle: async ({ params, caller }) =>
    ok(await restoreRevision(getDb(), params.recipe_id, params.revision, caller)),
});

import { getDb } from "../../core/db.ts";
import { favouriteRecipe } from "../../core/recipe/personal.ts";
import { endpoint, noContent } from "../lib/endpoint.ts";

export const handler = endpoint("recipes/favourite", {
  summary: "Make a recipe a favourite",
  description:
    "One of the caller's favourites from now on (any recipe: every recipe is readable). Idempotent: " +
    "a favourite stays one. Recipe reads and lists then say `favourite: true`; " +
    "`GET /recipes?favourite=true` lists them.",
  response: { status: 204, description: "It is a favourite." },
  handle: async ({ params, caller }) => {
    await favouriteRecipe(getDb(), params.recipe_id, caller);
    return noContent();
  },
});

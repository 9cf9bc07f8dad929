import { getDb } from "../../core/db.ts";
import { unfavouriteRecipe } from "../../core/recipe/personal.ts";
import { endpoint, noContent } from "../lib/endpoint.ts";

export const handler = endpoint("recipes/unfavourite", {
  summary: "No longer a favourite",
  description: "Takes the recipe off the caller's favourites. Idempotent: one that was not is a 204 too.",
  response: { status: 204, description: "It is not a favourite." },
  handle: async ({ params, caller }) => {
    await unfavouriteRecipe(getDb(), params.recipe_id, caller);
    return noContent();
  },
});

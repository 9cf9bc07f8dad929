import { getDb } from "../../core/db.ts";
import { rateRecipe } from "../../core/recipe/personal.ts";
import { RatingCreate, RatingRead } from "../../core/recipe/schemas.ts";
import { endpoint, ok } from "../lib/endpoint.ts";

export const handler = endpoint("recipes/rate", {
  summary: "Rate a recipe",
  description:
    "The caller's stars for the recipe, a whole number from 1 to 5; a second rating replaces the " +
    "first. Reads carry the average of everyone's (1 decimal), how many rated and the caller's own " +
    "(`rating: {average, count, mine}`); `GET /recipes?sort=rating` lists the best first.",
  body: RatingCreate,
  response: { status: 200, schema: RatingRead, description: "The caller's rating." },
  errors: ["invalid"],
  handle: async ({ params, body, caller }) =>
    ok(await rateRecipe(getDb(), params.recipe_id, body.stars, caller)),
});

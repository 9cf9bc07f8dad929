import { getDb } from "../../core/db.ts";
import { RecipeGetQuery, RecipeRead } from "../../core/recipe/schemas.ts";
import { getRecipe } from "../../core/recipe/service.ts";
import { endpoint, ok } from "../lib/endpoint.ts";
import { jsonLdWhenAccepted } from "./json-ld.ts";

export const handler = endpoint({
  summary: "Read a recipe",
  description:
    "The whole recipe: categories, ingredient lines and steps in order, read in one SQL statement. " +
    "`?servings=N` scales every line's `amount_grams` by N / the recipe's servings (rounded to 3 " +
    "decimals), leaves `amount_readable` as written, sets `servings` to N and adds the `scale` factor. " +
    "A recipe that does not say its servings cannot be scaled: 422. With `Accept: application/ld+json` " +
    "the answer is the recipe as schema.org `Recipe` JSON-LD (content type `application/ld+json`).",
  params: ["recipe_id"],
  query: RecipeGetQuery,
  response: { status: 200, schema: RecipeRead, description: "The recipe." },
  errors: [404, 422],
  handle: async ({ params, query }) => ok(await getRecipe(getDb(), params.recipe_id, query)),
}).use(jsonLdWhenAccepted());

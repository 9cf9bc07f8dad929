import { getDb } from "../../core/db.ts";
import { JSON_LD_MEDIA_TYPE, prefersJsonLd, recipeJsonLdOf } from "../../core/recipe/json-ld.ts";
import { RecipeGetQuery, RecipeRead } from "../../core/recipe/schemas.ts";
import { getRecipe } from "../../core/recipe/service.ts";
import { endpoint, ok, okAs } from "../lib/endpoint.ts";

export const handler = endpoint("recipes/get", {
  summary: "Read a recipe",
  description:
    "The whole recipe: categories, ingredient lines and steps in order, read in one SQL statement. " +
    "`?servings=N` scales every line by N / the recipe's servings: `amount_grams` (rounded to 3 " +
    "decimals) and `amount_readable` in kitchen measures (`1 1/2 cups` × 2 = `3 cups`, `1 tsp` × 3 = " +
    "`1 tbsp`, `250 ml` ÷ 3 = `85 ml`; `a pinch` stays), sets `servings` to N and adds the `scale` factor. " +
    "A recipe that does not say its servings cannot be scaled: 422. With `Accept: application/ld+json` " +
    "the answer is the recipe as schema.org `Recipe` JSON-LD (content type `application/ld+json`).",
  query: RecipeGetQuery,
  response: {
    status: 200,
    schema: RecipeRead,
    description: "The recipe.",
    alternatives: { [JSON_LD_MEDIA_TYPE]: "The recipe as a schema.org `Recipe` (JSON-LD)." },
  },
  errors: ["invalid"],
  handle: async ({ params, query, accept }) => {
    const stored = await getRecipe(getDb(), params.recipe_id);
    // Scaling reads amounts as written (core/amount): loaded when a request asks for it, not at cold start.
    const recipe =
      query.servings === undefined
        ? stored
        : (await import("../../core/recipe/scale.ts")).scaleRecipe(stored, query.servings);
    // The answer depends on Accept: caches must keep the two apart.
    const headers = { vary: "Accept" };
    if (!prefersJsonLd(accept)) return { ...ok(recipe), headers };
    return { ...okAs(JSON_LD_MEDIA_TYPE, await recipeJsonLdOf(getDb(), recipe)), headers };
  },
});

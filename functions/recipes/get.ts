import { measuresOf } from "../../core/amount/measures.ts";
import { getDb } from "../../core/db.ts";
import { JSON_LD_MEDIA_TYPE, prefersJsonLd, recipeJsonLdOf } from "../../core/recipe/json-ld.ts";
import { selectGramsPerMl } from "../../core/recipe/repository.ts";
import { RecipeGetQuery, RecipeRead } from "../../core/recipe/schemas.ts";
import { getRecipe } from "../../core/recipe/service.ts";
import { endpoint, ok, okAs } from "../lib/endpoint.ts";

export const handler = endpoint("recipes/get", {
  summary: "Read a recipe",
  description:
    "The whole recipe: categories, ingredient lines and steps in order, read in one SQL statement. " +
    "`rating` is everyone's average (1 decimal, null when unrated), how many rated and the caller's own; " +
    "a signed-in caller's read also says `favourite`, `last_cooked` (the caller's and their households' " +
    "log) and `times_cooked`, which Public's leaves out. " +
    "`?servings=N` scales every line by N / the recipe's servings: `amount_grams` (rounded to 3 " +
    "decimals) and `amount_readable` in kitchen measures (`1 1/2 cups` × 2 = `3 cups`, `1 tsp` × 3 = " +
    "`1 tbsp`, `250 ml` ÷ 3 = `85 ml`; `a pinch` stays), sets `servings` to N and adds the `scale` factor. " +
    "A recipe that does not say its servings cannot be scaled: 422. " +
    "`?units=metric|us&lang=xx` (with `?servings=` or without) writes every `amount_readable` in those " +
    "measures and that language's words, from the grams and the ingredient's density: `metric` weighs " +
    "in g and kg, pours what is liquid in ml and l; `us` measures in cups and spoons in kitchen " +
    "fractions what has a density, in oz and lb what has none (meat, cheese); spoons stay spoons in the " +
    "language's word (`1 EL`, `1 c. à soupe`), pieces and words (`a pinch`) stay. An amount without " +
    "the grams or density it needs stays as written. Temperatures in the steps become °C or °F, " +
    "rounded as ovens are marked (`180 °C` ↔ `350 °F`, `Gas 4` → `180 °C`). Without `units`, or with " +
    "`as_written`, everything is as written; `lang` alone changes nothing, `units` alone writes English. " +
    "With `Accept: application/ld+json` the answer is the recipe as schema.org `Recipe` JSON-LD " +
    "(content type `application/ld+json`), in the same servings and measures.",
  query: RecipeGetQuery,
  response: {
    status: 200,
    schema: RecipeRead,
    description: "The recipe.",
    alternatives: { [JSON_LD_MEDIA_TYPE]: "The recipe as a schema.org `Recipe` (JSON-LD)." },
  },
  errors: ["invalid"],
  handle: async ({ params, query, accept, caller }) => {
    const stored = await getRecipe(getDb(), params.recipe_id, caller?.id);
    // Scaling and converting read amounts as written (core/amount): loaded when a request asks, not at cold start.
    const scaled =
      query.servings === undefined
        ? stored
        : (await import("../../core/recipe/scale.ts")).scaleRecipe(stored, query.servings);
    const measures = measuresOf(query);
    const recipe = measures
      ? await (await import("../../core/recipe/measures.ts")).recipeInMeasures(scaled, measures, (ids) =>
          selectGramsPerMl(getDb(), ids),
        )
      : scaled;
    // The answer depends on Accept: caches must keep the two apart.
    const headers = { vary: "Accept" };
    if (!prefersJsonLd(accept)) return { ...ok(recipe), headers };
    return { ...okAs(JSON_LD_MEDIA_TYPE, await recipeJsonLdOf(getDb(), recipe)), headers };
  },
});

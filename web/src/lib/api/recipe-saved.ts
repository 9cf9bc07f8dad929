/**
 * A recipe written (edited, or restored from its history) and what that makes stale in the query
 * cache: shared by the features that write a whole recipe, so they keep one rule.
 */
import { hashKey, type QueryClient } from "@tanstack/react-query";
import type { Schemas } from "./client.ts";
import { recipeQueries } from "./recipes.ts";

/**
 * After a write: the unscaled detail, in the amounts as written, is the answer itself; everything
 * else kept under the recipe (its scaled views, its views in other measures, its JSON-LD, its history)
 * and every list is stale (titles, pictures and times show in lists).
 */
export function recipeSaved(queryClient: QueryClient, recipe: Schemas["RecipeRead"]) {
  const answered = recipeQueries.detail(recipe.id).queryKey;
  queryClient.setQueryData(answered, recipe);
  void queryClient.invalidateQueries({ queryKey: recipeQueries.lists() });
  void queryClient.invalidateQueries({
    queryKey: recipeQueries.recipe(recipe.id),
    predicate: (query) => query.queryHash !== hashKey(answered),
  });
}

/** The editor's writes: a recipe created, changed or deleted, and an ingredient created on the spot. */
import type { QueryClient } from "@tanstack/react-query";
import { api, call, type Schemas } from "../../../lib/api/client.ts";
import { recipeQueries } from "../../recipes/api/queries.ts";

export const createRecipe = (body: Schemas["RecipeCreate"]) => call(api.POST("/api/v1/recipes", { body }));

export const updateRecipe = (id: number, body: Schemas["RecipeCreate"]) =>
  call(api.PUT("/api/v1/recipes/{recipe_id}", { params: { path: { recipe_id: id } }, body }));

export const deleteRecipe = (id: number) =>
  call(api.DELETE("/api/v1/recipes/{recipe_id}", { params: { path: { recipe_id: id } } }));

export const createIngredient = (name: string) =>
  call(api.POST("/api/v1/ingredients", { body: { name: name.trim() } }));

/**
 * After a write: the unscaled detail is the answer itself; every list and every scaled view of the
 * recipe is stale (titles, pictures and times show in lists; grams in scaled views).
 */
export function recipeSaved(queryClient: QueryClient, recipe: Schemas["RecipeRead"]) {
  queryClient.setQueryData(recipeQueries.detail(recipe.id).queryKey, recipe);
  void queryClient.invalidateQueries({ queryKey: [...recipeQueries.all, "list"] });
  void queryClient.invalidateQueries({
    queryKey: [...recipeQueries.all, "detail", recipe.id],
    predicate: (query) => query.queryKey[3] !== null, // the scaled views
  });
}

export function recipeDeleted(queryClient: QueryClient, id: number) {
  queryClient.removeQueries({ queryKey: [...recipeQueries.all, "detail", id] });
  void queryClient.invalidateQueries({ queryKey: [...recipeQueries.all, "list"] });
}

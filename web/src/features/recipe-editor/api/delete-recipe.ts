/**
 * A recipe deleted, and what that makes stale in the query cache. Apart from ./mutations.ts so the
 * recipe page, which offers it, does not carry the editor's form and its schema.
 */
import type { QueryClient } from "@tanstack/react-query";
import { api, call } from "../../../lib/api/client.ts";
import { recipeQueries } from "../../../lib/api/recipes.ts";

export const deleteRecipe = (id: number) =>
  call(api.DELETE("/api/v1/recipes/{recipe_id}", { params: { path: { recipe_id: id } } }));

export function recipeDeleted(queryClient: QueryClient, id: number) {
  queryClient.removeQueries({ queryKey: recipeQueries.recipe(id) });
  void queryClient.invalidateQueries({ queryKey: recipeQueries.lists() });
}

/**
 * A recipe's history as the page reads it: the list of its revisions (keyset pages, newest first)
 * and the recipe as it was at one. Kept under the recipe's own key (lib/api/recipes.ts), so every
 * write of the recipe (the editor's, a restore: lib/api/recipe-saved.ts) makes them stale, and
 * deleting the recipe forgets them.
 */
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { api, call } from "../../../lib/api/client.ts";
import { recipeQueries } from "../../../lib/api/recipes.ts";
import type { paths } from "../../../lib/api/schema";
import { keysetPaging } from "../../../lib/keyset.ts";

const PAGE_SIZE = 20;

/** One revision as listed: its number, when, who (null: an account since deleted), the fields it changed. */
export type RevisionSummary =
  paths["/api/v1/recipes/{recipe_id}/revisions"]["get"]["responses"][200]["content"]["application/json"]["items"][number];

/** The recipe as it was at a revision (a line whose ingredient is gone has a null id and its old name). */
export type RecipeRevision =
  paths["/api/v1/recipes/{recipe_id}/revisions/{revision}"]["get"]["responses"][200]["content"]["application/json"];

export const revisionQueries = {
  all: (recipeId: number) => [...recipeQueries.recipe(recipeId), "revisions"] as const,

  list: (recipeId: number) =>
    infiniteQueryOptions({
      queryKey: [...revisionQueries.all(recipeId), "list"] as const,
      queryFn: ({ pageParam, signal }) =>
        call(
          api.GET("/api/v1/recipes/{recipe_id}/revisions", {
            params: { path: { recipe_id: recipeId }, query: { limit: PAGE_SIZE, cursor: pageParam } },
            signal,
          }),
        ),
      ...keysetPaging,
    }),

  /** A revision never changes once kept: read once. */
  one: (recipeId: number, revision: number) =>
    queryOptions({
      queryKey: [...revisionQueries.all(recipeId), revision] as const,
      queryFn: ({ signal }) =>
        call(
          api.GET("/api/v1/recipes/{recipe_id}/revisions/{revision}", {
            params: { path: { recipe_id: recipeId, revision } },
            signal,
          }),
        ),
      staleTime: Number.POSITIVE_INFINITY,
    }),
};

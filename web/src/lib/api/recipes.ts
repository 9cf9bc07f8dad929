/**
 * Recipes as every screen reads them (browse, a recipe's page, cook mode, the editor, the meal plan,
 * an ingredient's "made by recipe"): one query-options factory, so all share keys and cache. The
 * writes that make them stale are the editor's (features/recipe-editor/api/mutations.ts), and a
 * category's (its name shows on recipes).
 */

import { infiniteQueryOptions, keepPreviousData, queryOptions } from "@tanstack/react-query";
import { enumValues } from "../enum.ts";
import { keysetPaging } from "../keyset.ts";
import type { Measures } from "../measures.ts";
import { api, call, type Schemas } from "./client.ts";

export type RecipeSort = NonNullable<Schemas["RecipeListQuery"]["sort"]>;

/** Every order the API lists recipes in (the route table checks `?sort=` against it). */
export const RECIPE_SORTS = enumValues<RecipeSort>()(["newest", "oldest", "title", "cook_time"]);

export type RecipeFilters = Omit<Schemas["RecipeListQuery"], "limit" | "cursor">;

const PAGE_SIZE = 12;

export const recipeQueries = {
  all: ["recipes"] as const,
  /** Every list, whatever its filters. */
  lists: () => [...recipeQueries.all, "list"] as const,
  /** One recipe at every scale, and what is kept under it (its JSON-LD). */
  recipe: (id: number) => [...recipeQueries.all, "detail", id] as const,

  /** Keyset pages: `next_cursor` of one page is the `cursor` of the next. */
  list: (filters: RecipeFilters) =>
    infiniteQueryOptions({
      queryKey: [...recipeQueries.lists(), filters] as const,
      queryFn: ({ pageParam, signal }) =>
        call(
          api.GET("/api/v1/recipes", {
            params: { query: { ...filters, limit: PAGE_SIZE, cursor: pageParam } },
            signal,
          }),
        ),
      ...keysetPaging,
      // A new search keeps showing the old cards until its first page arrives, instead of a blank.
      placeholderData: keepPreviousData,
    }),

  /**
   * The whole recipe; with `servings` the API scales every line's grams, with `measures` (metric or
   * US, in a language's words) it writes every amount and oven temperature in them (lib/measures.ts).
   */
  detail: (id: number, servings?: number, measures?: Measures) =>
    queryOptions({
      queryKey: [
        ...recipeQueries.recipe(id),
        servings ?? null,
        measures ? `${measures.units}:${measures.lang}` : null,
      ] as const,
      queryFn: ({ signal }) =>
        call(
          api.GET("/api/v1/recipes/{recipe_id}", {
            params: { path: { recipe_id: id }, query: { ...(servings ? { servings } : {}), ...measures } },
            signal,
          }),
        ),
      placeholderData: keepPreviousData,
    }),
};

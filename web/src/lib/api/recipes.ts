/**
 * Recipes as every screen reads them (browse, a recipe's page, cook mode, the editor, the meal plan,
 * an ingredient's "made by recipe"): one query-options factory, so all share keys and cache. A
 * whole recipe written (the editor, a restore from its history) makes them stale by one rule,
 * ./recipe-saved.ts; a category's write too (its name shows on recipes).
 */

import {
  type InfiniteData,
  infiniteQueryOptions,
  keepPreviousData,
  type QueryClient,
  type QueryKey,
  queryOptions,
} from "@tanstack/react-query";
import { enumValues } from "../enum.ts";
import { keysetPaging } from "../keyset.ts";
import type { Measures } from "../measures.ts";
import { api, call, type Schemas } from "./client.ts";

export type RecipeSort = NonNullable<Schemas["RecipeListQuery"]["sort"]>;

/** Every order the API lists recipes in (the route table checks `?sort=` against it). */
export const RECIPE_SORTS = enumValues<RecipeSort>()([
  "newest",
  "oldest",
  "title",
  "cook_time",
  "rating",
  "last_cooked",
]);

/** The orders that read the caller's own log: the API answers 401 to anyone signed out. */
export const SIGNED_IN_SORTS: readonly RecipeSort[] = ["last_cooked"];

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

type RecipeRead = Schemas["RecipeRead"];
type RecipeSummary = Schemas["RecipeSummary"];
type Snapshot = [QueryKey, unknown][];

/** A recipe's own reads (every scale and measures), not what is kept beside them (JSON-LD, history). */
const isDetailKey = (key: QueryKey) => key.length === 5 && typeof key[3] !== "string";

/**
 * What the caller did with a recipe (a favourite, stars, a meal cooked) changed: every read of it in
 * the cache (each scale and measures; the change is the same in all) and its card in every list kept
 * get `change` at once. Answers what was there before, for `restoreRecipeMarks` when the write fails.
 */
export function markRecipe(
  queryClient: QueryClient,
  id: number,
  change: <R extends RecipeRead | RecipeSummary>(recipe: R) => R,
): Snapshot {
  const detail = {
    queryKey: recipeQueries.recipe(id),
    predicate: (q: { queryKey: QueryKey }) => isDetailKey(q.queryKey),
  };
  const before: Snapshot = [
    ...queryClient.getQueriesData(detail),
    ...queryClient.getQueriesData({ queryKey: recipeQueries.lists() }),
  ];
  queryClient.setQueriesData<RecipeRead>(detail, (recipe) => (recipe ? change(recipe) : recipe));
  queryClient.setQueriesData<InfiniteData<Schemas["RecipePage"]>>(
    { queryKey: recipeQueries.lists() },
    (data) =>
      data
        ? {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              items: page.items.map((item) => (item.id === id ? change(item) : item)),
            })),
          }
        : data,
  );
  return before;
}

/** Puts back what `markRecipe` changed (the write failed). */
export function restoreRecipeMarks(queryClient: QueryClient, before: Snapshot): void {
  for (const [key, data] of before) queryClient.setQueryData(key, data);
}

/**
 * After such a write: the lists filtered or ordered by it (favourites, best rated, not made for a
 * while) are stale; with `reread`, the recipe's reads too (an average only the API can compute).
 */
export function recipeMarksSettled(queryClient: QueryClient, id: number, reread = false): void {
  void queryClient.invalidateQueries({ queryKey: recipeQueries.lists() });
  if (reread) {
    void queryClient.invalidateQueries({
      queryKey: recipeQueries.recipe(id),
      predicate: (q) => isDetailKey(q.queryKey),
    });
  }
}

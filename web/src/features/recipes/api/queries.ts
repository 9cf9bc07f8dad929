/** Server state of recipes: one query-options factory, so every screen shares keys and cache. */
import { infiniteQueryOptions, keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api, call } from "../../../lib/api/client.ts";
import { keysetPaging } from "../../../lib/keyset.ts";

export type RecipeSort = "newest" | "oldest" | "title" | "cook_time";

export type RecipeFilters = {
  q?: string;
  category_id?: number;
  ingredient_id?: number[];
  user_id?: number;
  max_total_time_sec?: number;
  sort?: RecipeSort;
};

const PAGE_SIZE = 12;

export const recipeQueries = {
  all: ["recipes"] as const,

  /** Keyset pages: `next_cursor` of one page is the `cursor` of the next. */
  list: (filters: RecipeFilters) =>
    infiniteQueryOptions({
      queryKey: [...recipeQueries.all, "list", filters] as const,
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

  /** The whole recipe; with `servings` the API scales every line's grams. */
  detail: (id: number, servings?: number) =>
    queryOptions({
      queryKey: [...recipeQueries.all, "detail", id, servings ?? null] as const,
      queryFn: ({ signal }) =>
        call(
          api.GET("/api/v1/recipes/{recipe_id}", {
            params: { path: { recipe_id: id }, query: servings ? { servings } : {} },
            signal,
          }),
        ),
      placeholderData: keepPreviousData,
    }),
};

export const userQueries = {
  /** A public profile (the author line of a recipe). */
  profile: (id: number) =>
    queryOptions({
      queryKey: ["users", "profile", id] as const,
      queryFn: ({ signal }) =>
        call(api.GET("/api/v1/users/{user_id}", { params: { path: { user_id: id } }, signal })),
      staleTime: 5 * 60_000,
    }),
};

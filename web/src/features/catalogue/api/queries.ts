/** Server state of the catalogue (categories, ingredients, stores and their shelves); the writes are in mutations.ts. */
import { infiniteQueryOptions, keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api, call } from "../../../lib/api/client.ts";
import { keysetPaging } from "../../../lib/keyset.ts";

const LONG = 5 * 60_000; // the catalogue changes rarely

export const categoryQueries = {
  list: () =>
    infiniteQueryOptions({
      queryKey: ["categories", "list"] as const,
      queryFn: ({ pageParam, signal }) =>
        call(api.GET("/api/v1/categories", { params: { query: { limit: 100, cursor: pageParam } }, signal })),
      ...keysetPaging,
      staleTime: LONG,
    }),

  detail: (id: number) =>
    queryOptions({
      queryKey: ["categories", "detail", id] as const,
      queryFn: ({ signal }) =>
        call(api.GET("/api/v1/categories/{category_id}", { params: { path: { category_id: id } }, signal })),
      staleTime: LONG,
    }),
};

export const ingredientQueries = {
  list: (q?: string) =>
    infiniteQueryOptions({
      queryKey: ["ingredients", "list", q ?? ""] as const,
      queryFn: ({ pageParam, signal }) =>
        call(
          api.GET("/api/v1/ingredients", { params: { query: { q, limit: 30, cursor: pageParam } }, signal }),
        ),
      ...keysetPaging,
      placeholderData: keepPreviousData,
      staleTime: LONG,
    }),

  detail: (id: number) =>
    queryOptions({
      queryKey: ["ingredients", "detail", id] as const,
      queryFn: ({ signal }) =>
        call(
          api.GET("/api/v1/ingredients/{ingredient_id}", { params: { path: { ingredient_id: id } }, signal }),
        ),
      staleTime: LONG,
    }),

  /** The stores that stock it, each with the shelf it is on. */
  stores: (id: number) =>
    infiniteQueryOptions({
      queryKey: ["ingredients", "stores", id] as const,
      queryFn: ({ pageParam, signal }) =>
        call(
          api.GET("/api/v1/ingredients/{ingredient_id}/stores", {
            params: { path: { ingredient_id: id }, query: { limit: 50, cursor: pageParam } },
            signal,
          }),
        ),
      ...keysetPaging,
      staleTime: LONG,
    }),
};

export const storeQueries = {
  list: () =>
    infiniteQueryOptions({
      queryKey: ["stores", "list"] as const,
      queryFn: ({ pageParam, signal }) =>
        call(api.GET("/api/v1/stores", { params: { query: { limit: 30, cursor: pageParam } }, signal })),
      ...keysetPaging,
      staleTime: LONG,
    }),

  detail: (id: number) =>
    queryOptions({
      queryKey: ["stores", "detail", id] as const,
      queryFn: ({ signal }) =>
        call(api.GET("/api/v1/stores/{store_id}", { params: { path: { store_id: id } }, signal })),
      staleTime: LONG,
    }),

  /** Shelves in walking order (the API sorts by position). */
  shelves: (id: number) =>
    infiniteQueryOptions({
      queryKey: ["stores", "shelves", id] as const,
      queryFn: ({ pageParam, signal }) =>
        call(
          api.GET("/api/v1/stores/{store_id}/shelves", {
            params: { path: { store_id: id }, query: { limit: 100, cursor: pageParam } },
            signal,
          }),
        ),
      ...keysetPaging,
      staleTime: LONG,
    }),
};

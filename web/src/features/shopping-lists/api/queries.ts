/**
 * Server state of shopping lists. Every key starts with "shopping-lists", which lib/offline.ts keeps
 * in IndexedDB: a list opened once opens again without a connection.
 */
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { api, call } from "../../../lib/api/client.ts";
import { keysetPaging } from "../../../lib/keyset.ts";

export const shoppingListQueries = {
  all: ["shopping-lists"] as const,

  list: () =>
    infiniteQueryOptions({
      queryKey: [...shoppingListQueries.all, "list"] as const,
      queryFn: ({ pageParam, signal }) =>
        call(
          api.GET("/api/v1/shopping-lists", { params: { query: { limit: 50, cursor: pageParam } }, signal }),
        ),
      ...keysetPaging,
    }),

  /** The whole list, in sections along the walk through its store (the store is kept on the list). */
  detail: (id: number) =>
    queryOptions({
      queryKey: [...shoppingListQueries.all, "detail", id] as const,
      queryFn: ({ signal }) =>
        call(api.GET("/api/v1/shopping-lists/{list_id}", { params: { path: { list_id: id } }, signal })),
      // In the store the list is read often and changed elsewhere rarely: refetch on focus (another
      // device's change shows up), not on every render.
      staleTime: 5_000,
      refetchOnWindowFocus: "always",
    }),
};

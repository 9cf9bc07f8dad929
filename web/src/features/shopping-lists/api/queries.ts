/**
 * Server state of shopping lists. Every key starts with "shopping-lists", which lib/offline.ts keeps
 * in IndexedDB: a list opened once opens again without a connection.
 */
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { api, call } from "../../../lib/api/client.ts";
import { ApiError } from "../../../lib/errors.ts";
import { keysetPaging } from "../../../lib/keyset.ts";
import { inOneSection } from "../lib/list.ts";
import { chosenStore, forgetStoreChoice } from "./store-choice.ts";

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

  /**
   * The whole list, in sections along the walk through the store this device chose for it, else the
   * list's own (store-choice.ts). The choice is read by the function, not put in the key: one copy of
   * a list, which every change updates (ticks, the waiting changes, live messages) and the device
   * keeps offline; choosing another store reads it again.
   */
  detail: (id: number) =>
    queryOptions({
      queryKey: [...shoppingListQueries.all, "detail", id] as const,
      queryFn: ({ signal }) => readList(id, signal),
      // In the store the list is read often and changed elsewhere rarely: refetch on focus (another
      // device's change shows up), not on every render.
      staleTime: 5_000,
      refetchOnWindowFocus: "always",
    }),
};

/**
 * A list as this device walks it: `?store_id=` for a store of its own choice, one section for "no
 * store". A 422 to `?store_id=` says the store chosen was deleted since: the device goes back to the
 * list's own store rather than show no list.
 */
async function readList(id: number, signal: AbortSignal) {
  const choice = chosenStore(id);
  const read = (storeId?: number) =>
    call(
      api.GET("/api/v1/shopping-lists/{list_id}", {
        params:
          storeId === undefined
            ? { path: { list_id: id } }
            : { path: { list_id: id }, query: { store_id: storeId } },
        signal,
      }),
    );
  if (typeof choice !== "number") {
    const list = await read();
    return choice === null ? inOneSection(list) : list;
  }
  try {
    return await read(choice);
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 422)) throw error;
    forgetStoreChoice(id);
    return read();
  }
}

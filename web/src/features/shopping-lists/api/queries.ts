/**
 * Server state of shopping lists. Every key starts with "shopping-lists", which lib/offline.ts keeps
 * in IndexedDB: a list opened once opens again without a connection.
 */
import { infiniteQueryOptions, type QueryClient, queryOptions } from "@tanstack/react-query";
import { api, call } from "../../../lib/api/client.ts";
import { ApiError } from "../../../lib/errors.ts";
import { keysetPaging } from "../../../lib/keyset.ts";
import { measuresKey, measuresNow, onMeasuresChange } from "../../../lib/measures.ts";
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

  /** Every list's whole copy (`detail`), whichever list. */
  details: () => [...shoppingListQueries.all, "detail"] as const,

  /**
   * The whole list, in sections along the walk through the store this device chose for it, else the
   * list's own (store-choice.ts), with its amounts in the person's measures (lib/measures.ts). The
   * choice and the measures are read by the function, not put in the key: one copy of a list, which
   * every change updates (ticks, the waiting changes, live messages) and the device keeps offline;
   * choosing another store reads it again, and so do other measures or another language
   * (`readAgainInOtherMeasures`).
   */
  detail: (id: number) =>
    queryOptions({
      queryKey: [...shoppingListQueries.details(), id] as const,
      queryFn: ({ signal, client }) => readList(id, signal, client),
      // In the store the list is read often and changed elsewhere rarely: refetch on focus (another
      // device's change shows up), not on every render.
      staleTime: 5_000,
      refetchOnWindowFocus: "always",
    }),
};

/**
 * A list as this device walks it and as the person reads amounts: `?store_id=` for a store of its own
 * choice, one section for "no store"; `?units=&lang=` for metric or US measures (none: as written).
 * A 422 to `?store_id=` says the store chosen was deleted since: the device goes back to the list's
 * own store rather than show no list.
 */
async function readList(id: number, signal: AbortSignal, queryClient: QueryClient) {
  const choice = chosenStore(id);
  const measures = measuresNow(queryClient);
  const read = (storeId?: number) =>
    call(
      api.GET("/api/v1/shopping-lists/{list_id}", {
        params: {
          path: { list_id: id },
          query: { ...(storeId === undefined ? {} : { store_id: storeId }), ...measures },
        },
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

/** Whether the lists are read in metric or US measures now, not as written (see `withLiveTick`). */
export const readInMeasures = (queryClient: QueryClient): boolean => measuresNow(queryClient) !== undefined;

const following = new WeakSet<QueryClient>();

/**
 * Reads every list again when the person's measures or the app's language change, wherever they
 * change (the list's switch, the account page, the language picker, the account read on another
 * device's choice): the lists read from then on ask for the new ones, and those read before would
 * show the old. Every list in the cache is marked stale, the one on the screen read at once. Once
 * per client (keep-offline.ts starts it with the lists' offline half, at sign-in); a list restored
 * from the device is read again anyway when a screen shows it (lib/offline.ts).
 */
export function readAgainInOtherMeasures(queryClient: QueryClient): void {
  if (following.has(queryClient)) return;
  following.add(queryClient);
  let last = measuresKey(measuresNow(queryClient));
  onMeasuresChange(queryClient, () => {
    const now = measuresKey(measuresNow(queryClient));
    if (now === last) return;
    last = now;
    // A read on its way asked for the old ones: it is stopped, not waited for (a first read, with no
    // list yet, would otherwise be the one the invalidation waits for).
    const queryKey = shoppingListQueries.details();
    void queryClient
      .cancelQueries({ queryKey, fetchStatus: "fetching" })
      .then(() => queryClient.invalidateQueries({ queryKey }));
  });
}

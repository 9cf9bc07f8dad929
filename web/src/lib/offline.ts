/**
 * Offline support for the query layer: the query cache and the changes made without a connection are
 * kept in IndexedDB (idb-keyval), with no time limit, and restored when the app opens again. Which
 * queries and mutations are kept is decided here; the mutations themselves (and their functions,
 * which cannot be stored) are registered by the features that own them (setMutationDefaults).
 *
 * This module (with idb-keyval and the persister) is not part of the first page's code: it is loaded
 * once a person is signed in (app.tsx), since only their own lists are kept, and the pages that show
 * kept data wait for `keepOffline` to have restored them.
 *
 * The service worker (vite-plugin-pwa, see vite.config.ts) is the other half: it serves the app
 * shell and the last lists' GETs when there is no network, so a reload still opens the page.
 */
import {
  type Mutation,
  onlineManager,
  type Query,
  type QueryClient,
  useMutationState,
} from "@tanstack/react-query";
import {
  type PersistedClient,
  type Persister,
  type PersistQueryClientOptions,
  persistQueryClientRestore,
  persistQueryClientSubscribe,
} from "@tanstack/react-query-persist-client";
import { del, get, set } from "idb-keyval";
import { useSyncExternalStore } from "react";
import { auth } from "./auth.ts";
import { watchConnection } from "./connection.ts";
import { ApiError } from "./errors.ts";

const STORE_KEY = "recipes.query-cache";

/**
 * The features whose changes are kept offline, by the first element of their keys: the shopping
 * lists (check-offs and additions wait there). Their queries are kept too, the stores' (public) and
 * the person's households, so a list opened once opens in the store with its store's name and
 * shelves, the household it is shared with and who ticked what.
 */
export const OFFLINE_ROOTS = ["shopping-lists"] as const;
const KEPT_QUERY_ROOTS: readonly unknown[] = [...OFFLINE_ROOTS, "stores", "households"];

const isOfflineKey = (key: readonly unknown[] | undefined) =>
  (OFFLINE_ROOTS as readonly unknown[]).includes(key?.[0]);

/**
 * Whose lists the kept cache holds: the person signed in, and still them while their session has
 * merely expired (they log in again and their waiting changes go out); null once they logged out.
 */
let owner: number | null = null;

/** What is stored: the persisted client and whose it is (another person's is never restored). */
type Kept = PersistedClient & { owner: number | null };

/**
 * The persister, after TanStack Query's own IndexedDB example. A change that was being sent when the
 * page closed is stored as "pending": on restore it is marked paused again, so
 * `resumePausedMutations` sends it (a PUT replayed changes nothing more; see the features' mutations).
 */
export const idbPersister: Persister = {
  persistClient: async (client: PersistedClient) => {
    await set(STORE_KEY, { ...client, owner } satisfies Kept);
  },
  restoreClient: async () => {
    const kept = await get<Kept>(STORE_KEY);
    const userId = auth.state().session?.userId;
    if (!kept || userId === undefined || kept.owner !== userId) return undefined;
    for (const mutation of kept.clientState.mutations) mutation.state.isPaused = true;
    // What the device kept is shown at once and read again as soon as a screen uses it: a reload
    // within the 30 s stale time must not show a household's members or a list as they were.
    for (const query of kept.clientState.queries) query.state.isInvalidated = true;
    return kept;
  },
  removeClient: async () => {
    await del(STORE_KEY);
  },
};

export const persistOptions: Omit<PersistQueryClientOptions, "queryClient"> = {
  persister: idbPersister,
  // No time limit: a list opened last week still opens in the store, and a check-off made offline
  // waits as long as it takes.
  maxAge: Number.POSITIVE_INFINITY,
  buster: "2", // raise when the shape of what is kept changes (2: with its owner)
  dehydrateOptions: {
    shouldDehydrateQuery: (query: Query) =>
      KEPT_QUERY_ROOTS.includes(query.queryKey[0]) && query.state.status === "success",
    shouldDehydrateMutation: (mutation: Mutation) =>
      isOfflineKey(mutation.options.mutationKey) && mutation.state.status === "pending",
  },
};

/**
 * Watches the connection (lib/connection.ts), restores the kept cache into the client, then keeps it
 * up to date and sends the changes kept from last time. Resolves once the kept data is in the cache, never later: sending the changes waits for a
 * connection, and a page must not wait for that (offline it would wait for ever). Call once per
 * client, with a session, after the features registered their offline mutations.
 */
export async function keepOffline(queryClient: QueryClient): Promise<void> {
  owner = auth.state().session?.userId ?? null;
  watchConnection();
  const options = { ...persistOptions, queryClient };
  // A cache that cannot be read is discarded by the restore itself; the app goes on without it.
  await persistQueryClientRestore(options).catch(() => undefined);
  persistQueryClientSubscribe(options);
  forgetOnSignOut(queryClient);
  void resumeOfflineChanges(queryClient);
}

/** Sends the changes kept from last time and then refreshes what they touched. */
async function resumeOfflineChanges(queryClient: QueryClient) {
  await queryClient.resumePausedMutations();
  for (const root of OFFLINE_ROOTS) await queryClient.invalidateQueries({ queryKey: [root] });
}

/**
 * Another person on this device must not see the lists of the last one: logging out (or the
 * session ending for another account) forgets the kept queries, the waiting changes and the
 * service worker's copies of the lists.
 */
function forgetOnSignOut(queryClient: QueryClient) {
  return auth.subscribe(() => {
    const { session, expired } = auth.state();
    const next = session?.userId ?? null;
    // An expired session keeps everything: the same person logs in again and the changes go out.
    if (next === owner || (next === null && expired)) return;
    if (owner !== null) {
      const mutations = queryClient.getMutationCache();
      for (const root of OFFLINE_ROOTS) {
        for (const m of mutations.findAll({ mutationKey: [root] })) mutations.remove(m);
        queryClient.removeQueries({ queryKey: [root] });
      }
      if ("caches" in globalThis) void caches.delete(LIST_CACHE);
    }
    owner = next;
  });
}

/** The service worker's cache of list GETs (vite.config.ts names it the same). */
export const LIST_CACHE = "shopping-lists";

/** Whether the API can be reached, as lib/connection.ts judges it (not the browser's events alone). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (listener) => onlineManager.subscribe(listener),
    () => onlineManager.isOnline(),
    () => true,
  );
}

/**
 * The kept changes (mutations under OFFLINE_ROOTS) that have not reached the API yet, and whether
 * the last try of one found no service: the browser may say "online" on a network that goes
 * nowhere, and the person should read "offline" then too.
 */
export function useWaitingChanges(): { count: number; unreachable: boolean } {
  const waiting = useMutationState({
    filters: { predicate: (m) => isOfflineKey(m.options.mutationKey) && m.state.status === "pending" },
    select: (m) => m.state.failureReason instanceof ApiError && m.state.failureReason.unreachable,
  });
  return { count: waiting.length, unreachable: waiting.some(Boolean) };
}

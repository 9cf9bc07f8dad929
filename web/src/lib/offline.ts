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
import { accountQueries } from "./api/users.ts";
import { auth } from "./auth.ts";
import { watchConnection } from "./connection.ts";
import { ApiError } from "./errors.ts";
import { clearUnsent, noticeUnsent, unsentText } from "./unsent-changes.ts";

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

/** A waiting change as the cache holds it, or as the device kept it. */
export type WaitingChange = { mutationKey: readonly unknown[] | undefined; variables: unknown };
/** What a waiting change does, in the notice of changes not sent ("ticked “Flour”"): the feature knows. */
export type DescribeChange = (change: WaitingChange) => string;

/**
 * Whose the kept cache and its waiting changes are: auth's `userId`, the person signed in, and still
 * them while their session has merely expired (they log in again and their changes go out); null
 * once they logged out. Only their log-out, or another person logging in, drops the changes.
 */
let owner: number | null = null;
/** The owner's username as last read (the notice names them), kept with the cache. */
let ownerName: string | undefined;
/** The client kept offline (the app has one), and how to stop keeping it (tests make several). */
let kept: { queryClient: QueryClient; stop: () => void } | undefined;

/** What is stored: the persisted client and whose it is (another person's is never restored). */
type Kept = PersistedClient & { owner: number | null; ownerName?: string };

/** The owner's username, from the account the shell read (it may be gone from the cache since). */
function rememberOwnerName(): string | undefined {
  const me = owner === null ? undefined : kept?.queryClient.getQueryData(accountQueries.me(owner).queryKey);
  if (me) ownerName = me.username;
  return ownerName;
}

/**
 * The persister, after TanStack Query's own IndexedDB example. A change that was being sent when the
 * page closed is stored as "pending": on restore it is marked paused again, so
 * `resumePausedMutations` sends it (a PUT replayed changes nothing more; see the features' mutations).
 */
export const idbPersister: Persister = {
  persistClient: async (client: PersistedClient) => {
    await set(STORE_KEY, { ...client, owner, ownerName: rememberOwnerName() } satisfies Kept);
  },
  restoreClient: async () => {
    const stored = await get<Kept>(STORE_KEY);
    if (!stored) return undefined;
    const userId = auth.state().userId;
    if (userId === null || stored.owner !== userId) {
      // Left by another person whose session ran out before the page closed: never shown to this
      // one nor sent with their token. This person hears that they were dropped, and whose.
      const waiting = stored.clientState.mutations.filter((m) => isWaiting(m.mutationKey, m.state.status));
      if (waiting.length > 0) noticeUnsent(unsentText(waiting.length, stored.ownerName));
      await del(STORE_KEY);
      return undefined;
    }
    ownerName = stored.ownerName;
    for (const mutation of stored.clientState.mutations) mutation.state.isPaused = true;
    // What the device kept is shown at once and read again as soon as a screen uses it: a reload
    // within the 30 s stale time must not show a household's members or a list as they were.
    for (const query of stored.clientState.queries) query.state.isInvalidated = true;
    return stored;
  },
  removeClient: async () => {
    await del(STORE_KEY);
  },
};

const isWaiting = (key: readonly unknown[] | undefined, status: string) =>
  isOfflineKey(key) && status === "pending";

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
      isWaiting(mutation.options.mutationKey, mutation.state.status),
  },
};

/**
 * Watches the connection (lib/connection.ts), restores the kept cache into the client, then keeps it
 * up to date and sends the changes kept from last time. Resolves once the kept data is in the cache,
 * never later: sending the changes waits for a connection (and a session), and a page must not wait
 * for that (offline it would wait for ever). Call once, with a session, after the features registered
 * their offline mutations; `describe` words their changes for the notice of changes not sent.
 */
export async function keepOffline(queryClient: QueryClient, describe: DescribeChange): Promise<void> {
  // Not in a browser: the build drawing the first screens (app/first-screen.tsx) keeps nothing.
  if (typeof window === "undefined") return;
  kept?.stop();
  owner = auth.state().userId;
  ownerName = undefined;
  const unfollow = followOwner(queryClient, describe);
  const current = { queryClient, stop: unfollow };
  kept = current;
  watchConnection();
  const options = { ...persistOptions, queryClient };
  // A cache that cannot be read is discarded by the restore itself; the app goes on without it.
  await persistQueryClientRestore(options).catch(() => undefined);
  if (kept !== current) return;
  const unpersist = persistQueryClientSubscribe(options);
  current.stop = () => {
    unfollow();
    unpersist();
  };
  void resumeOfflineChanges(queryClient);
}

/** For tests: stops keeping the client kept offline (the app keeps its one for good). */
export function stopKeepingOffline(): void {
  kept?.stop();
  kept = undefined;
}

/** Sends the changes kept from last time and then refreshes what they touched. */
async function resumeOfflineChanges(queryClient: QueryClient) {
  await queryClient.resumePausedMutations();
  for (const root of OFFLINE_ROOTS) await queryClient.invalidateQueries({ queryKey: [root] });
}

/**
 * The waiting changes are their person's: an expired session keeps them (the same person logs in
 * again and they go out, lib/auth.ts's `nextToken`), and so does dismissing the expiry notice. Only
 * a log-out, or another person logging in, drops them, and then the app says which were not sent.
 * Another person on this device must not see the lists of the last one either: the kept queries and
 * the service worker's copies of the lists go too.
 */
function followOwner(queryClient: QueryClient, describe: DescribeChange) {
  return auth.subscribe(() => {
    const next = auth.state().userId;
    if (next === owner) return;
    const last = owner;
    const name = rememberOwnerName();
    owner = next;
    ownerName = undefined;
    // What the last person was told is theirs to read, not the next one's.
    if (next !== null) clearUnsent();
    if (last === null) return;
    const mutations = queryClient.getMutationCache();
    const waiting = mutations
      .getAll()
      .filter((m) => isWaiting(m.options.mutationKey, m.state.status))
      .map((m) => describe({ mutationKey: m.options.mutationKey, variables: m.state.variables }));
    for (const root of OFFLINE_ROOTS) {
      for (const m of mutations.findAll({ mutationKey: [root] })) mutations.remove(m);
      queryClient.removeQueries({ queryKey: [root] });
    }
    if ("caches" in globalThis) void caches.delete(LIST_CACHE);
    if (waiting.length === 0) return;
    // To the person who logged out: what they lose. To another person: only that something was lost.
    noticeUnsent(unsentText(waiting.length, name, next === null ? waiting : undefined));
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

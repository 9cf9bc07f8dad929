/**
 * The changes to a list that work offline: check-offs, additions and removals of items. They are
 * mutations whose functions are registered once on the query client (setMutationDefaults), so a
 * change kept in IndexedDB can be sent after a reload; they pause while offline and run one after
 * another per list (`scope`), in the order they were made. Replaying one is safe: a tick is a PUT of
 * `checked` alone, with the time it was made (the API changes only the fields named, so someone
 * else's change of another field stays, and keeps a checked item's first time), and the same PUT
 * twice changes nothing more; an addition carries a `client_id` chosen when it was made and kept with
 * it, so the API answers a replay with the item the first one made instead of a twin. An item
 * deleted meanwhile (404) ends its change: a removal wanted that anyway, a tick says on the screen
 * that it was not sent (dropped-changes.ts). A tick that waited gives way to
 * another member's later change of `checked`, and says so too (lib/later-change.ts has the rule and
 * why). A change is the person's who made it: it goes out with their session's token only, waiting
 * for their next log-in when it has run out (`signedIn`). After the last of a burst of changes the
 * list is read again only when the live connection did not hear them (`rereadAfterChanges`).
 * The item routes answer amounts as written: a list read in metric or US measures takes a tick's
 * answer keeping the amount it shows, and is read again after an addition (`putAnswered`); until
 * then an addition's provisional line shows the amount as the person typed it.
 *
 * What is still waiting, and the list as it looks with it, is waiting-changes.ts; the changes that
 * need the API at once are mutations.ts.
 */
import { type QueryClient, useMutation } from "@tanstack/react-query";
import { t } from "../../../i18n/index.ts";
import { api, call, type Schemas } from "../../../lib/api/client.ts";
import { auth } from "../../../lib/auth.ts";
import { noticeUnreachable } from "../../../lib/connection.ts";
import { ApiError } from "../../../lib/errors.ts";
import { type Measures, measuresNow } from "../../../lib/measures.ts";
import { laterChangeBy, type MadeCheck, seenOf } from "../lib/later-change.ts";
import { type Item, type ShoppingList, withItemAdded, withoutItem } from "../lib/list.ts";
import { beforeOwnTick, findItem, withLiveItem, withLiveTick, withOwnCheck } from "../lib/live-list.ts";
import { droppedAddText, droppedCheckText, noticeDropped, overtakenCheckText } from "./dropped-changes.ts";
import { hearsLive } from "./live-hearing.ts";
import { readInMeasures, shoppingListQueries } from "./queries.ts";

/**
 * A tick or untick; `name` (the item's, when it was made) is for saying so if the item is gone, `seen`
 * and `madeAt` for knowing whether another member changed it later (lib/later-change.ts). Changes kept
 * by an older version of the app have neither.
 */
export type CheckItem = { listId: number; itemId: number } & MadeCheck;
/**
 * What the API did with a tick: the item now (null: gone), and whether a later change stood instead
 * (the item then as the list was read, in the person's measures; else as the PUT answered it, as
 * written).
 */
export type CheckResult = { item: Item | null; overtaken: boolean };
/**
 * An addition, shown under `tempId` until the API numbers it. `body.client_id` is chosen once, when
 * the person adds it, and stored with the waiting change, so every try (after a reload too) sends it.
 */
export type AddItem = { listId: number; tempId: number; body: Schemas["ShoppingListItemCreate"] };
export type RemoveItem = { listId: number; itemId: number; name?: string };

export const CHECK_KEY = [...shoppingListQueries.all, "check-item"] as const;
export const ADD_KEY = [...shoppingListQueries.all, "add-item"] as const;
export const REMOVE_KEY = [...shoppingListQueries.all, "remove-item"] as const;

/** A 404 means the item (or the whole list) was deleted meanwhile: nothing left to change. */
async function unlessGone<T>(request: Promise<T>): Promise<T | null> {
  try {
    return await request;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/**
 * Sends a waiting change with a token, never without one nor with one that has run out: while the
 * session has expired it waits for the person's next log-in (auth.nextToken). A change dropped
 * meanwhile (its person logged out, or another logged in: lib/offline.ts) is not sent, even by a try
 * already under way.
 */
async function signedIn<T>(
  queryClient: QueryClient,
  change: object,
  send: (headers: { Authorization: string }) => Promise<T>,
): Promise<T> {
  const token = await auth.nextToken();
  const queued = queryClient
    .getMutationCache()
    .getAll()
    .some((m) => m.state.variables === change);
  if (!queued) throw new Error(t("shopping-lists.sessionEnded"));
  return send({ Authorization: `Bearer ${token}` });
}

/**
 * No time limit: a change waits while the API cannot be reached (lib/connection.ts pauses it until the
 * API answers again), while the session has run out (a 401 ends it, lib/api/client.ts, and the next
 * try waits for the log-in: `signedIn`), and while the service is busy or down for a moment (408, 429,
 * 5xx); any other answer (403, 422) is final.
 */
const keepTrying = {
  retry: (_failures: number, error: unknown) => {
    noticeUnreachable(error);
    if (!(error instanceof ApiError)) return false;
    const { status } = error;
    return error.unreachable || status === 401 || status === 408 || status === 429 || status >= 500;
  },
  retryDelay: (failures: number, error: unknown) =>
    error instanceof ApiError && error.status === 401 ? 0 : Math.min(1000 * 2 ** failures, 30_000),
};

/**
 * Writes into the cached list (cancelling a read in flight, which would bring the old state back:
 * `cancelled` hears of it, since what that read was for must then be read after the changes).
 */
async function updateCached(
  queryClient: QueryClient,
  listId: number,
  update: (list: ShoppingList) => ShoppingList,
  cancelled: (listId: number) => void,
) {
  const { queryKey } = shoppingListQueries.detail(listId);
  if (queryClient.getQueryState(queryKey)?.fetchStatus === "fetching") cancelled(listId);
  await queryClient.cancelQueries({ queryKey });
  queryClient.setQueryData(queryKey, (list) => (list ? update(list) : list));
}

/**
 * Puts an item as the API answered it into the cached list, in place of `replaces` (a provisional
 * line, or an item folded into the answered one); a new item whose place the cache cannot know has
 * the list read again. An item route answers the amount as written: a list read in metric or US
 * takes it only as the answer of the person's `tick` alone (lib/live-list.ts, `withLiveTick`), and
 * is read again otherwise; an item the list was read with (`asRead`) is taken as it is.
 */
function putAnswered(
  queryClient: QueryClient,
  listId: number,
  item: Item,
  replaces: number,
  { tick, asRead = false }: { tick?: CheckItem; asRead?: boolean } = {},
) {
  const { queryKey } = shoppingListQueries.detail(listId);
  const list = queryClient.getQueryData(queryKey);
  if (!list) return;
  const without = item.id === replaces ? list : withoutItem(list, replaces);
  const cached = findItem(without, item.id);
  // The cache shows the tick already: what the API had before it is what the person saw.
  const before =
    cached && tick?.seen && tick.itemId === item.id ? beforeOwnTick(cached, tick.seen) : undefined;
  const next =
    asRead || !readInMeasures(queryClient)
      ? withLiveItem(without, item)
      : withLiveTick(without, item, before);
  if (next === null) {
    queryClient.setQueryData(queryKey, without);
    void queryClient.invalidateQueries({ queryKey });
  } else queryClient.setQueryData(queryKey, next);
}

/** The name of an item as the cached list has it (for a change made before names were kept with it). */
export function cachedName(queryClient: QueryClient, listId: number, itemId: number): string | undefined {
  const list = queryClient.getQueryData(shoppingListQueries.detail(listId).queryKey);
  return list ? findItem(list, itemId)?.name : undefined;
}

/**
 * After the last waiting change went out, its list is read again (merges, other devices' changes),
 * unless the live connection heard everything: while it follows the list, each change the API makes
 * to it arrives as a message (live-lists.ts), so the read would cost a round trip for nothing. A list
 * is still read when one of its changes failed (the screen still shows it, and no message undoes
 * it), settled while the connection did not follow the list (offline, reconnecting), or had a read
 * cancelled by a change (`cancelled`). The lists to read are counted per query client.
 */
function rereadAfterChanges(queryClient: QueryClient) {
  const unheard = new Set<number>();
  return {
    cancelled: (listId: number) => void unheard.add(listId),
    settled(listId: number, error: Error | null) {
      if (error !== null || !hearsLive(queryClient, listId)) unheard.add(listId);
      if (queryClient.isMutating({ mutationKey: shoppingListQueries.all }) > 1) return;
      if (unheard.delete(listId)) {
        void queryClient.invalidateQueries({ queryKey: shoppingListQueries.detail(listId).queryKey });
      }
    },
  };
}

/**
 * The body of a tick: `checked` and nothing else, so a replay cannot undo another field's change; a
 * tick (never an untick: the API refuses that) carries when the person made it (`madeAt`, kept with
 * the waiting change), so one made offline and sent later teaches the store's walking order with its
 * own time, not the time the connection came back. A change kept by an older version of the app has
 * no time: the API takes the moment it arrives.
 */
export const checkBody = ({ checked, madeAt }: CheckItem): Schemas["ShoppingListItemUpdate"] =>
  checked && madeAt !== undefined ? { checked, checked_at: new Date(madeAt).toISOString() } : { checked };

/**
 * A tick sent this long after it was made has waited (offline, for a log-in, or tried again): others
 * may have changed the item meanwhile without this device hearing it. Sooner, the device's copy is
 * live (the API tells every change within 1 s, 2 s on AWS) and the API's order is the people's.
 */
export const WAITED_MS = 2_000;

/**
 * Sends a tick, or not: one that waited first reads the list (the item as the API has it now), and
 * gives way to another member's later change of `checked` (lib/later-change.ts); an item gone is
 * answered as a 404 would be. The list is read in the person's `measures`, as the amount they saw
 * was (`seen`): one as written beside it would look like another member's change of the amount.
 */
async function sendCheck(
  change: CheckItem,
  headers: { Authorization: string },
  measures: Measures | undefined,
): Promise<CheckResult> {
  const path = { list_id: change.listId, item_id: change.itemId };
  if (change.madeAt !== undefined && Date.now() - change.madeAt > WAITED_MS) {
    const list = await unlessGone(
      call(
        api.GET("/api/v1/shopping-lists/{list_id}", { params: { path, query: { ...measures } }, headers }),
      ),
    );
    const now = list ? findItem(list, change.itemId) : undefined;
    if (!now) return { item: null, overtaken: false };
    const viewer = auth.state().session?.userId ?? auth.state().userId;
    if (laterChangeBy(change, now, viewer) !== null) return { item: now, overtaken: true };
  }
  const item = await unlessGone(
    call(
      api.PUT("/api/v1/shopping-lists/{list_id}/items/{item_id}", {
        params: { path },
        body: checkBody(change),
        headers,
      }),
    ),
  );
  return { item, overtaken: false };
}

/** Registers the functions of the offline changes; call once, before the kept cache is restored. */
export function registerShoppingListMutations(queryClient: QueryClient) {
  const reread = rereadAfterChanges(queryClient);
  queryClient.setMutationDefaults<CheckResult, Error, CheckItem>(CHECK_KEY, {
    ...keepTrying,
    mutationFn: (change: CheckItem) =>
      signedIn(queryClient, change, (headers) => sendCheck(change, headers, measuresNow(queryClient))),
    onMutate: ({ listId, itemId, checked }: CheckItem) =>
      updateCached(queryClient, listId, (list) => withOwnCheck(list, itemId, checked), reread.cancelled),
    onSuccess: ({ item, overtaken }: CheckResult, change: CheckItem) => {
      const { listId, itemId, name } = change;
      if (item !== null) {
        // The answer may be another item (unticking one folds it into the open item of its ingredient).
        putAnswered(queryClient, listId, item, itemId, overtaken ? { asRead: true } : { tick: change });
        if (overtaken) noticeDropped(listId, overtakenCheckText(name ?? item.name, item));
        return;
      }
      noticeDropped(listId, droppedCheckText(name ?? cachedName(queryClient, listId, itemId)));
      void updateCached(queryClient, listId, (list) => withoutItem(list, itemId), reread.cancelled);
    },
    onSettled: (_data: unknown, error: Error | null, { listId }: CheckItem) => reread.settled(listId, error),
  });

  queryClient.setMutationDefaults<Item | null, Error, AddItem>(ADD_KEY, {
    ...keepTrying,
    mutationFn: (change: AddItem) =>
      signedIn(queryClient, change, (headers) =>
        unlessGone(
          call(
            api.POST("/api/v1/shopping-lists/{list_id}/items", {
              params: { path: { list_id: change.listId } },
              body: change.body,
              headers,
            }),
          ),
        ),
      ),
    onMutate: (add: AddItem) =>
      updateCached(queryClient, add.listId, (list) => withAdded(list, add), reread.cancelled),
    onSuccess: (item: Item | null, { listId, tempId, body }: AddItem) => {
      if (item !== null) {
        putAnswered(queryClient, listId, item, tempId);
        return;
      }
      // Only the list can be gone here (an addition names no item): its screen says it is.
      noticeDropped(listId, droppedAddText(body.name));
      void updateCached(queryClient, listId, (list) => withoutItem(list, tempId), reread.cancelled);
    },
    onSettled: (_data: unknown, error: Error | null, { listId }: AddItem) => reread.settled(listId, error),
  });

  queryClient.setMutationDefaults<null, Error, RemoveItem>(REMOVE_KEY, {
    ...keepTrying,
    mutationFn: async (change: RemoveItem) => {
      // Gone already is what a removal wants: nothing to say.
      await signedIn(queryClient, change, (headers) =>
        unlessGone(
          call(
            api.DELETE("/api/v1/shopping-lists/{list_id}/items/{item_id}", {
              params: { path: { list_id: change.listId, item_id: change.itemId } },
              headers,
            }),
          ),
        ),
      );
      return null;
    },
    onMutate: ({ listId, itemId }: RemoveItem) =>
      updateCached(queryClient, listId, (list) => withoutItem(list, itemId), reread.cancelled),
    onSettled: (_data: unknown, error: Error | null, { listId }: RemoveItem) => reread.settled(listId, error),
  });
}

/** The list with an item added offline, under its provisional id (once: a second apply is no change). */
export function withAdded(list: ShoppingList, { tempId, body }: AddItem): ShoppingList {
  if (list.sections.some((s) => s.items.some((i) => i.id === tempId))) return list;
  const now = new Date().toISOString();
  return withItemAdded(list, {
    id: tempId,
    ingredient_id: body.ingredient_id ?? null,
    name: body.name ?? "",
    amount_grams: body.amount_grams ?? null,
    amount_readable: body.amount_readable ?? "",
    checked: false,
    checked_at: null,
    grams_per_piece: null,
    recipe_ids: [],
    version: 0,
    updated_by: null,
    created_at: now,
    updated_at: now,
  });
}

/** One queue per list: its changes reach the API in the order they were made. */
const scope = (listId: number) => ({ id: `shopping-list-${listId}` });

/** Ticks (or unticks) an item as the person sees it: what they saw of it and when go with the change. */
export function useCheckItem(listId: number) {
  const mutation = useMutation<CheckResult, Error, CheckItem>({
    mutationKey: CHECK_KEY,
    scope: scope(listId),
  });
  return {
    ...mutation,
    tick: (item: Item, checked: boolean) =>
      mutation.mutate({
        listId,
        itemId: item.id,
        checked,
        name: item.name,
        seen: seenOf(item),
        madeAt: Date.now(),
      }),
  };
}

export function useRemoveItem(listId: number) {
  return useMutation<null, Error, RemoveItem>({ mutationKey: REMOVE_KEY, scope: scope(listId) });
}

/**
 * A random UUID (v4) for `client_id`. `crypto.randomUUID` exists only in secure contexts (https,
 * localhost): a phone opening the dev server by the laptop's address has `getRandomValues` alone.
 */
export function newClientId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A provisional id for an item the API has not numbered yet (negative, so it never meets a real one). */
let lastTempId = 0;
export function useAddItem(listId: number) {
  const mutation = useMutation<Item | null, Error, AddItem>({ mutationKey: ADD_KEY, scope: scope(listId) });
  return {
    ...mutation,
    add: (body: Omit<Schemas["ShoppingListItemCreate"], "client_id">) => {
      lastTempId = Math.min(lastTempId, -Date.now()) - 1;
      mutation.mutate({ listId, tempId: lastTempId, body: { ...body, client_id: newClientId() } });
    },
  };
}

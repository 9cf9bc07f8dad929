/**
 * Open lists live: the one WebSocket of live-socket.ts joined to the query cache, the session and the
 * connection. What arrives updates the cached list (the item as it is now, an item gone) or has the
 * list read again (anything else); the person's own changes still waiting to be sent stay on top,
 * since the screen shows the cache with them applied (useWithWaitingChanges), and a message never
 * touches the waiting changes themselves. A message tells an item's amount as written: a list read
 * in metric or US measures takes a tick from it and reads the list again for anything else
 * (lib/live-list.ts, `withLiveTick`).
 */
import { onlineManager, type QueryClient } from "@tanstack/react-query";
import { useEffect, useSyncExternalStore } from "react";
import { API_URL } from "../../../lib/api/client.ts";
import { auth } from "../../../lib/auth.ts";
import { type Item, type ShoppingList, withoutItem } from "../lib/list.ts";
import { beforeOwnTick, findItem, hasItem, withLiveItem, withLiveTick } from "../lib/live-list.ts";
import { hearLive } from "./live-hearing.ts";
import { type ListChange, LiveSocket, type LiveStatus, liveUrl } from "./live-socket.ts";
import { readInMeasures, shoppingListQueries } from "./queries.ts";
import { isAddOf, pendingChanges } from "./waiting-changes.ts";

/**
 * Applies one change of a list to the cache. A list not in the cache is left alone (a screen that
 * opens it reads it). A read in flight may have left the server before this change was made, so it
 * is started again rather than let it bring the older copy back.
 */
export function applyListChange(queryClient: QueryClient, change: ListChange, viewerId: number | null): void {
  const { queryKey } = shoppingListQueries.detail(change.list_id);
  const readAgain = () => void queryClient.invalidateQueries({ queryKey });
  if (change.type === "list") {
    void queryClient.invalidateQueries({ queryKey: shoppingListQueries.list().queryKey });
    readAgain();
    return;
  }
  const list = queryClient.getQueryData(queryKey);
  if (!list) return;
  if (change.type === "item_removed") {
    if (hasItem(list, change.item_id)) queryClient.setQueryData(queryKey, withoutItem(list, change.item_id));
  } else {
    // One's own addition, still on its way back: it is on the screen already (its provisional line),
    // and its answer puts the real one in its place; adding it now would show it twice meanwhile.
    const known = hasItem(list, change.item.id);
    if (!known && isOwnAddOnItsWay(queryClient, change, viewerId)) return;
    // An item this copy lacks is read, not taken as it comes: messages of two writes may cross, and
    // a late copy of an item deleted meanwhile must not come back. In metric or US only a tick is
    // taken (the message's amount is as written).
    const next = !known
      ? null
      : readInMeasures(queryClient)
        ? withLiveTick(list, change.item, ownTickBefore(queryClient, list, change.item))
        : withLiveItem(list, change.item);
    if (next === null) {
      readAgain();
      return;
    }
    if (next !== list) queryClient.setQueryData(queryKey, next);
  }
  if (queryClient.getQueryState(queryKey)?.fetchStatus === "fetching") readAgain();
}

/**
 * The item as the API had it before the message's change, when that change is the person's own tick
 * still on its way (its answer not back yet): the cached copy shows the tick already, so the message
 * would not look like one against it. Undefined otherwise (the cached copy is what the API had).
 */
function ownTickBefore(queryClient: QueryClient, list: ShoppingList, item: Item): Item | undefined {
  const cached = findItem(list, item.id);
  const seen = pendingChanges(queryClient, list.id).flatMap((c) =>
    c.key === "check" && c.change.itemId === item.id && c.change.seen?.version === item.version - 1
      ? [c.change.seen]
      : [],
  )[0];
  return cached && seen ? beforeOwnTick(cached, seen) : undefined;
}

function isOwnAddOnItsWay(
  queryClient: QueryClient,
  change: Extract<ListChange, { type: "item" }>,
  viewerId: number | null,
): boolean {
  if (viewerId === null || change.item.updated_by?.user_id !== viewerId) return false;
  return pendingChanges(queryClient, change.list_id).some(
    (c) => c.key === "add" && isAddOf(c.change, change.item),
  );
}

/** The app's live connection, one per query client, made when a list is first opened. */
const connections = new WeakMap<QueryClient, { socket: LiveSocket; listeners: Set<() => void> }>();

function liveFor(queryClient: QueryClient) {
  let live = connections.get(queryClient);
  if (live) return live;
  const listeners = new Set<() => void>();
  const socket = new LiveSocket({
    url: liveUrl({ VITE_LIVE_URL: import.meta.env.VITE_LIVE_URL, VITE_API_URL: API_URL }, window.location),
    token: () => auth.token(),
    renew: (sent) => void auth.renew(sent),
    onChange: (change) => applyListChange(queryClient, change, auth.state().session?.userId ?? null),
    onFollowing: (listIds) => {
      for (const id of listIds) {
        void queryClient.invalidateQueries({ queryKey: shoppingListQueries.detail(id).queryKey });
      }
    },
    // The list is read again: its screen then shows why (403, 404), or the session's end (401).
    onRefused: (listId) =>
      void queryClient.invalidateQueries({
        queryKey:
          listId === null
            ? [...shoppingListQueries.all, "detail"]
            : shoppingListQueries.detail(listId).queryKey,
      }),
    onStatus: () => {
      for (const listener of listeners) listener();
    },
  });
  let userId = auth.state().session?.userId ?? null;
  auth.subscribe(() => {
    const next = auth.state().session?.userId ?? null;
    if (userId !== null && next !== null && next !== userId) socket.restart();
    else socket.sessionChanged();
    if (next !== null) userId = next;
  });
  onlineManager.subscribe((online) => {
    if (online) socket.wake();
  });
  const wakeIfVisible = () => {
    if (document.visibilityState === "visible") socket.wake();
  };
  document.addEventListener("visibilitychange", wakeIfVisible);
  window.addEventListener("online", () => socket.wake());
  // The offline queue asks before it reads a list again after a tick (offline-queue.ts).
  hearLive(queryClient, (listId) => socket.hears(listId));
  live = { socket, listeners };
  connections.set(queryClient, live);
  return live;
}

/**
 * Follows a list live while the screen showing it is open (a list id of 0, none, follows nothing); the
 * status says whether changes made elsewhere arrive by themselves now (`live`).
 */
export function useLiveList(queryClient: QueryClient, listId: number): LiveStatus {
  // The connection is made in the browser only (not when the build draws the first screen).
  useEffect(
    () => (listId > 0 ? liveFor(queryClient).socket.follow(listId) : undefined),
    [queryClient, listId],
  );
  return useSyncExternalStore(
    (listener) => {
      const live = liveFor(queryClient);
      live.listeners.add(listener);
      return () => live.listeners.delete(listener);
    },
    () => liveFor(queryClient).socket.status,
    () => "off" as const,
  );
}

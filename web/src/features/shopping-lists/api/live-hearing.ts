/**
 * Whether a change of a list made now comes back by itself, as a live message: the live connection
 * (live-lists.ts) says so for its query client, and the offline queue (offline-queue.ts) asks before
 * it reads a list again after its changes. A module of its own so that the queue, which the live
 * connection's module reads, need not import that module back; without a connection nothing is heard.
 */
import type { QueryClient } from "@tanstack/react-query";

const hearing = new WeakMap<QueryClient, (listId: number) => boolean>();

/** Sets how a query client's live connection answers `hearsLive`. */
export function hearLive(queryClient: QueryClient, hears: (listId: number) => boolean): void {
  hearing.set(queryClient, hears);
}

/** Whether the live connection follows the list now, so that its changes arrive as messages. */
export function hearsLive(queryClient: QueryClient, listId: number): boolean {
  return hearing.get(queryClient)?.(listId) ?? false;
}

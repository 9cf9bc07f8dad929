/**
 * Changes made on this device that the API could no longer take, because what they changed was
 * deleted elsewhere meanwhile (a 404 to a waiting tick, or to an addition to a list deleted since), or
 * that gave way to another member's later change of the same tick (lib/later-change.ts). The queue
 * drops them, and the list's screen says so until the person has read it. Kept in memory: they happen while the app runs, and a screen shows them.
 */
import { useSyncExternalStore } from "react";
import { t } from "../../../i18n/index.ts";
import type { Item } from "../lib/list.ts";

export type DroppedChange = { id: number; listId: number; text: string };

let dropped: readonly DroppedChange[] = [];
let lastId = 0;
const listeners = new Set<() => void>();

function set(next: readonly DroppedChange[]) {
  dropped = next;
  for (const listener of listeners) listener();
}

/** Says on the list's screen that a change to it was dropped, in a sentence the person reads. */
export function noticeDropped(listId: number, text: string): void {
  lastId += 1;
  set([...dropped, { id: lastId, listId, text }]);
}

/** The person has read it. */
export function dismissDropped(id: number): void {
  set(dropped.filter((d) => d.id !== id));
}

/** What a tick (or untick) of an item that was deleted elsewhere reads as. */
export const droppedCheckText = (name: string | undefined): string =>
  name ? t("shopping-lists.droppedRemoved", { name }) : t("shopping-lists.droppedRemovedUnnamed");

/**
 * What a tick (or untick) that gave way to another member's later change reads as: the item as it
 * is now, and who changed it (lib/later-change.ts).
 */
export function overtakenCheckText(name: string, now: Item): string {
  const by = now.updated_by?.username ?? t("shopping-lists.someoneElse");
  return t(now.checked ? "shopping-lists.overtakenTicked" : "shopping-lists.overtakenUnticked", { name, by });
}

/** What an addition to a list deleted elsewhere reads as. */
export const droppedAddText = (name: string | undefined): string =>
  name === undefined ? t("shopping-lists.droppedAddUnnamed") : t("shopping-lists.droppedAdd", { name });

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The dropped changes of one list, oldest first. */
export function useDroppedChanges(listId: number): DroppedChange[] {
  const all = useSyncExternalStore(
    subscribe,
    () => dropped,
    () => dropped,
  );
  return all.filter((d) => d.listId === listId);
}

/** For tests: forgets every notice. */
export function clearDropped(): void {
  set([]);
}

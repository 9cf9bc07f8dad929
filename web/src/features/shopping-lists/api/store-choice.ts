/**
 * The store this device walks a list in: the device's own choice, kept in localStorage per list. Two
 * people shopping from one shared list in two shops each pick theirs, and neither's screen re-sorts
 * the other's (issue 36): the list is read with `?store_id=` (CONTRACT.md, shopping lists: it walks
 * that store instead of the list's own and changes nothing on the list). Without a choice the device
 * walks the list's own `store_id`, the default everyone shares, which the list's screen can still set.
 *
 * "No store" is a choice too (one plain list). The API has no query for it, so the list is read in
 * its own store and its sections are put together into one (lib/list.ts, `inOneSection`).
 */
import { useSyncExternalStore } from "react";
import { inOneSection, type ShoppingList } from "../lib/list.ts";

/** A store's id, or null for none (one plain list). */
export type StoreChoice = number | null;

const PREFIX = "recipes.list-store.";
const keyOf = (listId: number) => `${PREFIX}${listId}`;
const listeners = new Set<() => void>();

function changed() {
  for (const listener of listeners) listener();
}

/** This device's choice for the list, or undefined when it walks the list's own store. */
export function chosenStore(listId: number): StoreChoice | undefined {
  let text: string | null = null;
  try {
    text = localStorage.getItem(keyOf(listId));
  } catch {
    return undefined; // storage refused (a private window's quota): the list's own store
  }
  if (text === null) return undefined;
  try {
    const kept = (JSON.parse(text) as { store_id?: unknown }).store_id;
    if (kept === null) return null;
    if (typeof kept === "number" && Number.isInteger(kept) && kept > 0) return kept;
  } catch {
    // written by something else: as if there were no choice
  }
  return undefined;
}

/** The device walks `storeId` (null: no store) in this list from now on, whatever the list's own is. */
export function chooseStore(listId: number, storeId: StoreChoice): void {
  try {
    localStorage.setItem(keyOf(listId), JSON.stringify({ store_id: storeId }));
  } catch {
    // not kept across a reload, then; nothing else to do
  }
  changed();
}

/** Back to the list's own store. */
export function forgetStoreChoice(listId: number): void {
  try {
    localStorage.removeItem(keyOf(listId));
  } catch {
    // nothing was kept
  }
  changed();
}

/** The store a device with `choice` walks the list in: its choice, else the list's own. */
export const walkedStore = (list: ShoppingList, choice: StoreChoice | undefined): StoreChoice =>
  choice === undefined ? list.store_id : choice;

/**
 * The list as this device shows it, from a whole list that the API walked in the list's own store (the
 * answers of PUT, and of adding or taking back recipes): as it is, in one section for "no store", or
 * null when the device walks another store, whose order only a read with `?store_id=` gives.
 */
export function asWalkedHere(list: ShoppingList): ShoppingList | null {
  const choice = chosenStore(list.id);
  if (choice === undefined || choice === list.store_id) return list;
  return choice === null ? inOneSection(list) : null;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  // Another tab of the app on this device chose: the same device, the same store.
  const fromOtherTab = (event: StorageEvent) => {
    if (event.key === null || event.key.startsWith(PREFIX)) listener();
  };
  window.addEventListener("storage", fromOtherTab);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", fromOtherTab);
  };
};

/** This device's choice for the list (undefined: the list's own store), following every change of it. */
export function useStoreChoice(listId: number): StoreChoice | undefined {
  return useSyncExternalStore(
    subscribe,
    () => chosenStore(listId),
    () => undefined,
  );
}

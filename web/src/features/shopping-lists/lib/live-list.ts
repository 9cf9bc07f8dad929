/**
 * Pure changes to a cached list from what the live API and the item routes answer: an item as it is
 * now (added or changed, with its `version`), and the person's own tick before the API has it. The
 * list's order is kept as the API gives it (see list.ts).
 */
import type { SeenItem } from "./later-change.ts";
import { type Item, type ShoppingList, withItemAdded, withItemChanged } from "./list.ts";

/**
 * The list with `item` as the API says it is now, or null when the list must be read again to know
 * where it goes (a new item of an ingredient: its shelf is the list's business, not the item's).
 * A copy older than the one cached (a lower `version`) changes nothing: a read that answered after
 * the change was made already has it. A new free-text item goes where the API puts it, among the
 * items on no shelf.
 */
export function withLiveItem(list: ShoppingList, item: Item): ShoppingList | null {
  const section = list.sections.find((s) => s.items.some((i) => i.id === item.id));
  if (!section) return item.ingredient_id === null ? withItemAdded(list, item) : null;
  const cached = section.items.find((i) => i.id === item.id);
  if (cached && cached.version >= item.version) return list;
  return withItemChanged(list, item.id, () => item);
}

/**
 * Whether `now` is `before` ticked or unticked and nothing else: the next `version`, `checked`
 * turned, and the same name, ingredient, grams, pieces and recipes. The app changes an item only by
 * ticking it (a PUT of `checked` alone, api/offline-queue.ts); a change of the amount as written
 * alone shows in no field but the version, so it never passes for a tick (`checked` stays). Only one
 * request naming both `checked` and an amount, which the app never sends, would.
 */
export function isOnlyTick(before: Item, now: Item): boolean {
  return (
    now.id === before.id &&
    now.version === before.version + 1 &&
    now.checked !== before.checked &&
    now.name === before.name &&
    now.ingredient_id === before.ingredient_id &&
    now.amount_grams === before.amount_grams &&
    now.grams_per_piece === before.grams_per_piece &&
    now.recipe_ids.join() === before.recipe_ids.join()
  );
}

/**
 * `withLiveItem` for a list read in metric or US measures (`?units=`, api/queries.ts). The live API
 * tells one copy of an item to every follower, whatever their measures, and the item routes answer
 * it too: its amount is as written, and cannot be converted here (the API converts, with the
 * ingredient's density and the language's words). So an item is taken only when it is the cached
 * one ticked or unticked and nothing else (`isOnlyTick`), keeping the amount the list was read with;
 * anything else (a new item, an amount added to, a name) gives null: the list is read again, and
 * until it answers the item stays as it was. Never an amount as written among converted ones, and
 * no read for a tick, by far the most frequent message in a store. `before` is the item as the
 * change found it when that is not the cached copy (the person's own tick on its way shows in the
 * cache already: `beforeOwnTick`).
 */
export function withLiveTick(list: ShoppingList, item: Item, before?: Item): ShoppingList | null {
  const cached = findItem(list, item.id);
  if (!cached) return null;
  if (cached.version >= item.version) return list;
  if (!isOnlyTick(before ?? cached, item)) return null;
  return withItemChanged(list, item.id, () => ({ ...item, amount_readable: cached.amount_readable }));
}

/**
 * The item as the API had it before the person's own tick, which the cached copy shows already
 * (`withOwnCheck`): the version and `checked` they saw when they made it.
 */
export const beforeOwnTick = (cached: Item, seen: SeenItem): Item => ({
  ...cached,
  version: seen.version,
  checked: seen.checked,
});

/** Whether the list holds an item of this id. */
export const hasItem = (list: ShoppingList, itemId: number): boolean =>
  list.sections.some((s) => s.items.some((i) => i.id === itemId));

/** The item of this id, if the list holds it. */
export const findItem = (list: ShoppingList, itemId: number): Item | undefined =>
  list.sections.flatMap((s) => s.items).find((i) => i.id === itemId);

/**
 * The list with the person's own tick (or untick) not yet answered: who changed the item last is
 * not known until the API answers, and whoever it was before did not tick it, so the screen must not
 * say "ticked by" them.
 */
export function withOwnCheck(list: ShoppingList, itemId: number, checked: boolean): ShoppingList {
  return withItemChanged(list, itemId, (i) => ({ ...i, checked, updated_by: null }));
}

/**
 * Who ticked an item off, to say so next to it: the name of whoever last changed a checked item,
 * unless that was the person looking (their own ticks need no name) or nobody is known.
 */
export function tickedBy(item: Item, viewerId: number | null): string | null {
  if (!item.checked || !item.updated_by) return null;
  return item.updated_by.user_id === viewerId ? null : item.updated_by.username;
}

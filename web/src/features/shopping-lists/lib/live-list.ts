/**
 * Pure changes to a cached list from what the live API and the item routes answer: an item as it is
 * now (added or changed, with its `version`), and the person's own tick before the API has it. The
 * list's order is kept as the API gives it (see list.ts).
 */
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

/**
 * Pure changes to a whole shopping list as the API answers it, for the optimistic updates of
 * check-offs and additions (made offline too), and the list as plain text for sharing. The order
 * within a section is the API's own: unchecked first, then by name, then by id; in a learned section
 * (`learned: true`, the items on no shelf placed where the store's ticks found them) unchecked first,
 * then along the walk the store learned, the order the API gave them in.
 */
import { t } from "../../../i18n/index.ts";
import type { Schemas } from "../../../lib/api/client.ts";
import { formatGrams } from "../../../lib/format.ts";

export type ShoppingList = Schemas["ShoppingListRead"];
export type Item = Schemas["ShoppingListItemRead"];
export type Section = Schemas["ShoppingListSection"];

const byWalk = (a: Item, b: Item) =>
  Number(a.checked) - Number(b.checked) ||
  a.name.toLowerCase().localeCompare(b.name.toLowerCase()) ||
  a.id - b.id;

/** The items of a section in the order the API gives them (checked ones sink to the bottom). */
export const sortItems = (items: Item[]): Item[] => [...items].sort(byWalk);

/**
 * The items of a learned section: checked ones sink to the bottom, the others keep the walk's order
 * as the API gave it (the sort is stable). An item unticked again goes to the end of the unchecked
 * ones until the list is read again: the walk's order is the API's to know.
 */
const sortLearned = (items: Item[]): Item[] =>
  [...items].sort((a, b) => Number(a.checked) - Number(b.checked));

const sortSection = (section: Section, items: Item[]): Item[] =>
  section.learned ? sortLearned(items) : sortItems(items);

/** The list with one item changed by `change`, kept in its section in the list's order (sortItems). */
export function withItemChanged(
  list: ShoppingList,
  itemId: number,
  change: (item: Item) => Item,
): ShoppingList {
  return {
    ...list,
    sections: list.sections.map((section) =>
      section.items.some((i) => i.id === itemId)
        ? {
            ...section,
            items: sortSection(
              section,
              section.items.map((i) => (i.id === itemId ? change(i) : i)),
            ),
          }
        : section,
    ),
  };
}

/** The list with one item checked or unchecked, moved to its place in its section. */
export function withItemChecked(list: ShoppingList, itemId: number, checked: boolean): ShoppingList {
  return withItemChanged(list, itemId, (i) => ({ ...i, checked }));
}

/**
 * The list with a free-text item added while the API has not answered yet: it goes to the last
 * section (`shelf: null`, the items on no shelf), which the API ends with when it has such items
 * (a learned section, which may come last, holds only what the store learned: free text never is).
 */
export function withItemAdded(list: ShoppingList, item: Item): ShoppingList {
  const last = list.sections.at(-1);
  const sections =
    last && last.shelf === null && !last.learned
      ? [...list.sections.slice(0, -1), { ...last, items: sortItems([...last.items, item]) }]
      : [...list.sections, { shelf: null, items: [item] }];
  return { ...list, sections };
}

/** The list without one item (the API said it is gone). */
export function withoutItem(list: ShoppingList, itemId: number): ShoppingList {
  return {
    ...list,
    sections: list.sections.map((s) => ({ ...s, items: s.items.filter((i) => i.id !== itemId) })),
  };
}

/**
 * The list walked in no store: every item in one section with no shelf, in the order the API gives
 * such a section. For a device that shops this list without a store while the list has one.
 */
export function inOneSection(list: ShoppingList): ShoppingList {
  const [only, ...others] = list.sections;
  if (only && others.length === 0 && only.shelf === null && !only.learned) return list;
  return { ...list, sections: [{ shelf: null, items: sortItems(list.sections.flatMap((s) => s.items)) }] };
}

export const itemCount = (list: ShoppingList) => list.sections.reduce((n, s) => n + s.items.length, 0);
export const checkedCount = (list: ShoppingList) =>
  list.sections.reduce((n, s) => n + s.items.filter((i) => i.checked).length, 0);

/**
 * How many pieces the grams are, for an ingredient counted in pieces (eggs, onions): whole pieces,
 * since nobody buys 3.2 eggs, but a few grams over a whole number do not add one. Null otherwise.
 */
export function piecesOf(item: Item): number | null {
  if (item.amount_grams === null || !item.grams_per_piece || item.amount_grams <= 0) return null;
  return Math.max(1, Math.ceil(item.amount_grams / item.grams_per_piece - 0.05));
}

/** One line of what an item says: total grams (when known) and pieces, then the readable amounts. */
export function amountText(item: Item): string {
  const pieces = piecesOf(item);
  const grams =
    item.amount_grams === null
      ? null
      : `${formatGrams(item.amount_grams)}${pieces ? ` · ${pieces} ${pieces === 1 ? "piece" : "pieces"}` : ""}`;
  if (grams && item.amount_readable) return `${grams} (${item.amount_readable})`;
  return grams ?? item.amount_readable;
}

/** A section of the walk as a screen shows it: `number` counts the shelves along the walk. */
export type ShownSection = { key: string; section: Section; number: number | null };

/**
 * The sections a walk shows: those holding items, the shelves numbered along the walk. Learned
 * sections that follow one another (the shelf between them holds nothing of this list) show as one,
 * their unchecked items first, each part in the walk's order.
 */
export function shownSections(list: ShoppingList): ShownSection[] {
  const shown: ShownSection[] = [];
  let shelves = 0;
  list.sections.forEach((section, index) => {
    if (section.items.length === 0) return;
    const previous = shown.at(-1);
    if (section.learned && previous?.section.learned) {
      const items = sortLearned([...previous.section.items, ...section.items]);
      previous.section = { ...previous.section, items };
      return;
    }
    if (section.shelf) shelves += 1;
    shown.push({
      key: section.shelf ? `shelf-${section.shelf.id}` : section.learned ? `learned-${index}` : "none",
      section,
      number: section.shelf ? shelves : null,
    });
  });
  return shown;
}

/**
 * What is left to buy, as plain text in walking order, for a message or a note: the list's name,
 * then each shelf with its unchecked items.
 */
export function listAsText(list: ShoppingList): string {
  const lines = [list.name];
  // Walked in a store (the device's, which may not be the list's own): the rest is "elsewhere".
  const walked = list.sections.some((s) => s.shelf !== null || s.learned);
  for (const { section } of shownSections(list)) {
    const open = section.items.filter((i) => !i.checked);
    if (open.length === 0) continue;
    lines.push(
      "",
      section.shelf
        ? section.shelf.name
        : section.learned
          ? t("learned-aisles.section")
          : walked
            ? t("shopping-lists.elsewhere")
            : t("shopping-lists.toBuy"),
    );
    for (const item of open) {
      const amount = amountText(item);
      lines.push(`- ${item.name}${amount ? `: ${amount}` : ""}`);
    }
  }
  if (lines.length === 1) lines.push("", t("shopping-lists.nothingLeft"));
  return lines.join("\n");
}

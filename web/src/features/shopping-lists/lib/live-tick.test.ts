/**
 * A list read in metric or US measures takes from an item as written (a live message, an item
 * route's answer) only a tick, keeping the amount it was read with; anything else is read again.
 */
import { describe, expect, it } from "vitest";
import type { Item, ShoppingList } from "./list.ts";
import { beforeOwnTick, findItem, isOnlyTick, withLiveTick, withOwnCheck } from "./live-list.ts";
import { listItem } from "./test-items.ts";

const sam = { user_id: 2, username: "sam" };
const item = (extra: Partial<Item> = {}): Item => listItem({ recipe_ids: [5], updated_by: sam, ...extra });
/** The list as read in metric: the flour weighed. */
const list: ShoppingList = {
  id: 9,
  user_id: 1,
  name: "Saturday",
  store_id: null,
  household_id: null,
  created_at: "2030-01-01T00:00:00.000Z",
  updated_at: "2030-01-01T00:00:00.000Z",
  recipes: [],
  sections: [{ shelf: null, items: [item({ amount_readable: "200 g" })] }],
};

describe("withLiveTick", () => {
  it("takes a tick, with the amount the list was read in", () => {
    const next = withLiveTick(list, item({ checked: true, version: 2 }));
    expect(next && findItem(next, 1)).toMatchObject({ checked: true, version: 2, amount_readable: "200 g" });
  });

  it("reads again (null) for anything else: new amounts, an amount as written alone, a missed version, a new item", () => {
    expect(withLiveTick(list, item({ amount_grams: 400, amount_readable: "3 cups", version: 2 }))).toBeNull();
    expect(withLiveTick(list, item({ amount_readable: "2 cups", version: 2 }))).toBeNull();
    expect(withLiveTick(list, item({ checked: true, recipe_ids: [5, 6], version: 2 }))).toBeNull();
    expect(withLiveTick(list, item({ checked: true, version: 3 }))).toBeNull();
    expect(withLiveTick(list, item({ id: 2, ingredient_id: null, name: "kitchen roll" }))).toBeNull();
  });

  it("leaves the list as it is for a copy no newer than its own", () => {
    expect(withLiveTick(list, item({ checked: true }))).toBe(list);
  });

  it("takes the person's own tick, which the list shows already, against what they saw", () => {
    const ticked = withOwnCheck(list, 1, true);
    const cached = findItem(ticked, 1) as Item;
    const answer = item({ checked: true, version: 2 });
    expect(isOnlyTick(cached, answer)).toBe(false);
    const before = beforeOwnTick(cached, {
      version: 1,
      checked: false,
      amount_grams: 200,
      amount_readable: "200 g",
    });
    const next = withLiveTick(ticked, answer, before);
    expect(next && findItem(next, 1)).toMatchObject({ checked: true, version: 2, amount_readable: "200 g" });
  });
});

import { describe, expect, it } from "vitest";
import type { Item, ShoppingList } from "./list.ts";
import { tickedBy, withLiveItem, withOwnCheck } from "./live-list.ts";
import { listItem } from "./test-items.ts";

const sam = { user_id: 2, username: "sam" };
const item = (id: number, name: string, extra: Partial<Item> = {}): Item =>
  listItem({ id, ingredient_id: id, name, amount_grams: 100, amount_readable: "", ...extra });

const shelf = { id: 3, name: "Aisle 4: baking", position: 0 };
const list = (sections: ShoppingList["sections"]): ShoppingList => ({
  id: 9,
  user_id: 1,
  name: "Saturday",
  store_id: 1,
  household_id: 4,
  created_at: "2030-01-01T00:00:00.000Z",
  updated_at: "2030-01-01T00:00:00.000Z",
  recipes: [],
  sections,
});

const names = (l: ShoppingList | null) =>
  l?.sections.map((s) => s.items.map((i) => `${i.name}${i.checked ? "✓" : ""}`));

describe("withLiveItem", () => {
  const before = list([
    { shelf, items: [item(1, "Flour"), item(2, "Sugar")] },
    { shelf: null, items: [item(10, "batteries", { ingredient_id: null })] },
  ]);

  it("puts a newer copy of an item in its place, sorted as the API sorts (a checked one sinks)", () => {
    const after = withLiveItem(before, item(1, "Flour", { checked: true, version: 2, updated_by: sam }));
    expect(names(after)).toEqual([["Sugar", "Flour✓"], ["batteries"]]);
    expect(after?.sections[1]).toBe(before.sections[1]);
  });

  it("ignores a copy no newer than the cached one (a read that answered later has it already)", () => {
    const newer = withLiveItem(before, item(1, "Flour", { checked: true, version: 3 })) as ShoppingList;
    expect(withLiveItem(newer, item(1, "Flour", { checked: false, version: 2 }))).toBe(newer);
    expect(withLiveItem(newer, item(1, "Flour", { checked: false, version: 3 }))).toBe(newer);
  });

  it("adds a new free-text item among the items on no shelf", () => {
    const after = withLiveItem(before, item(11, "kitchen roll", { ingredient_id: null }));
    expect(names(after)).toEqual([
      ["Flour", "Sugar"],
      ["batteries", "kitchen roll"],
    ]);
  });

  it("asks for a read of the list for a new item of an ingredient (its shelf is the list's to say)", () => {
    expect(withLiveItem(before, item(12, "Eggs"))).toBeNull();
  });
});

describe("withOwnCheck and tickedBy", () => {
  it("says who ticked an item, unless it was the person looking or nobody known", () => {
    expect(tickedBy(item(1, "Flour", { checked: true, updated_by: sam }), 1)).toBe("sam");
    expect(tickedBy(item(1, "Flour", { checked: true, updated_by: sam }), 2)).toBeNull();
    expect(tickedBy(item(1, "Flour", { checked: false, updated_by: sam }), 1)).toBeNull();
    expect(tickedBy(item(1, "Flour", { checked: true, updated_by: null }), 1)).toBeNull();
  });

  it("an own tick on its way names nobody: whoever changed the item before did not tick it", () => {
    const before = list([{ shelf, items: [item(1, "Flour", { updated_by: sam }), item(2, "Sugar")] }]);
    const after = withOwnCheck(before, 1, true);
    expect(names(after)).toEqual([["Sugar", "Flour✓"]]);
    const flour = after.sections[0]?.items.find((i) => i.id === 1) as Item;
    expect(flour.updated_by).toBeNull();
    expect(tickedBy(flour, 1)).toBeNull();
  });
});

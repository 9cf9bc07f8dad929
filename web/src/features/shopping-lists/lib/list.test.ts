import { describe, expect, it } from "vitest";
import {
  type Item,
  listAsText,
  piecesOf,
  type ShoppingList,
  withItemAdded,
  withItemChecked,
  withoutItem,
} from "./list.ts";

const item = (id: number, name: string, extra: Partial<Item> = {}): Item => ({
  id,
  ingredient_id: id,
  name,
  amount_grams: 100,
  amount_readable: "",
  checked: false,
  checked_at: null,
  grams_per_piece: null,
  recipe_ids: [],
  version: 1,
  updated_by: null,
  created_at: "2026-11-24T10:00:00.000Z",
  updated_at: "2026-11-24T10:00:00.000Z",
  ...extra,
});

const list = (sections: ShoppingList["sections"], store_id: number | null = 1): ShoppingList => ({
  id: 9,
  user_id: 1,
  name: "Saturday",
  store_id,
  household_id: null,
  created_at: "2030-01-01T00:00:00.000Z",
  updated_at: "2030-01-01T00:00:00.000Z",
  recipes: [],
  sections,
});

const shelf = { id: 3, name: "Aisle 4: baking", position: 0 };

describe("withItemChecked", () => {
  it("sinks a checked item to the bottom of its own section and leaves the others alone", () => {
    const before = list([
      { shelf, items: [item(1, "Flour"), item(2, "Sugar"), item(3, "yeast")] },
      { shelf: null, items: [item(4, "Basil")] },
    ]);
    const after = withItemChecked(before, 1, true);
    expect(after.sections[0]?.items.map((i) => [i.name, i.checked])).toEqual([
      ["Sugar", false],
      ["yeast", false],
      ["Flour", true],
    ]);
    expect(after.sections[1]).toBe(before.sections[1]);
    expect(before.sections[0]?.items[0]?.checked).toBe(false); // not changed in place
  });

  it("puts an unchecked item back among the open ones, by name regardless of case", () => {
    const before = list([{ shelf, items: [item(2, "sugar"), item(1, "Flour", { checked: true })] }]);
    expect(withItemChecked(before, 1, false).sections[0]?.items.map((i) => i.name)).toEqual([
      "Flour",
      "sugar",
    ]);
  });
});

describe("withItemAdded", () => {
  it("adds to the last section when it is the one of unplaced items", () => {
    const before = list([
      { shelf, items: [item(1, "Flour")] },
      { shelf: null, items: [item(4, "Basil", { checked: true })] },
    ]);
    const after = withItemAdded(
      before,
      item(-5, "Kitchen roll", { ingredient_id: null, amount_grams: null }),
    );
    expect(after.sections[1]?.items.map((i) => i.name)).toEqual(["Kitchen roll", "Basil"]);
  });

  it("opens that section when the list has none", () => {
    const after = withItemAdded(list([{ shelf, items: [item(1, "Flour")] }]), item(-5, "Batteries"));
    expect(after.sections.map((s) => s.shelf?.name ?? null)).toEqual(["Aisle 4: baking", null]);
  });
});

it("withoutItem drops an item deleted elsewhere", () => {
  const after = withoutItem(list([{ shelf, items: [item(1, "Flour"), item(2, "Sugar")] }]), 1);
  expect(after.sections[0]?.items.map((i) => i.id)).toEqual([2]);
});

describe("listAsText", () => {
  it("says what is left to buy, shelf by shelf in walking order", () => {
    const text = listAsText(
      list([
        {
          shelf,
          items: [
            item(1, "Flour", { amount_grams: 500, amount_readable: "2 cups + 1 cup" }),
            item(2, "Sugar", { checked: true }),
          ],
        },
        {
          shelf: null,
          items: [
            item(4, "Kitchen roll", { ingredient_id: null, amount_grams: null, amount_readable: "2 packs" }),
          ],
        },
      ]),
    );
    expect(text).toBe(
      "Saturday\n\nAisle 4: baking\n- Flour: 500 g (2 cups + 1 cup)\n\nElsewhere\n- Kitchen roll: 2 packs",
    );
  });

  it("says so when everything is bought", () => {
    expect(listAsText(list([{ shelf: null, items: [item(1, "Flour", { checked: true })] }], null))).toBe(
      "Saturday\n\nNothing left to buy.",
    );
  });
});

describe("piecesOf", () => {
  it("counts whole pieces of an ingredient weighed by the piece, rounding up past a few grams", () => {
    expect(piecesOf(item(1, "Egg", { amount_grams: 150, grams_per_piece: 50 }))).toBe(3);
    expect(piecesOf(item(1, "Egg", { amount_grams: 151, grams_per_piece: 50 }))).toBe(3);
    expect(piecesOf(item(1, "Egg", { amount_grams: 160, grams_per_piece: 50 }))).toBe(4);
    expect(piecesOf(item(1, "Egg", { amount_grams: 20, grams_per_piece: 50 }))).toBe(1);
  });

  it("says nothing without grams or a piece weight", () => {
    expect(piecesOf(item(1, "Flour", { amount_grams: 500 }))).toBeNull();
    expect(piecesOf(item(1, "Egg", { amount_grams: null, grams_per_piece: 50 }))).toBeNull();
  });
});

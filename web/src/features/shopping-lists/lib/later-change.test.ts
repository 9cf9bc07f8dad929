import { describe, expect, it } from "vitest";
import { laterChangeBy, seenOf } from "./later-change.ts";
import type { Item } from "./list.ts";

const flour = (over: Partial<Item> = {}): Item => ({
  id: 1,
  ingredient_id: 7,
  name: "Flour",
  amount_grams: 500,
  amount_readable: "2 cups",
  checked: false,
  checked_at: null,
  grams_per_piece: null,
  recipe_ids: [],
  version: 1,
  updated_by: { user_id: 1, username: "me" },
  created_at: "2030-01-01T10:00:00.000Z",
  updated_at: "2030-01-01T10:00:00.000Z",
  ...over,
});

const sam = { user_id: 2, username: "sam" };
const tick = {
  checked: true,
  name: "Flour",
  seen: seenOf(flour()),
  madeAt: Date.parse("2030-01-01T10:05:00Z"),
};
const later = "2030-01-01T10:06:00.000Z";

describe("laterChangeBy", () => {
  it("names the member whose change of `checked` alone came after the person's", () => {
    expect(laterChangeBy(tick, flour({ version: 3, updated_by: sam, updated_at: later }), 1)).toEqual(sam);
  });

  it("is null when the person's change is to be sent", () => {
    const cases: [string, Partial<Item>][] = [
      ["nothing changed since", {}],
      ["the same decision", { checked: true, version: 2, updated_by: sam, updated_at: later }],
      ["an earlier change", { version: 3, updated_by: sam, updated_at: "2030-01-01T10:04:00.000Z" }],
      ["the amounts changed too", { version: 3, amount_grams: 650, updated_by: sam, updated_at: later }],
      ["the name changed too", { version: 3, name: "Rye flour", updated_by: sam, updated_at: later }],
      ["the person's own change", { version: 3, updated_at: later }],
      ["nobody known", { version: 3, updated_by: null, updated_at: later }],
    ];
    for (const [why, now] of cases) expect(laterChangeBy(tick, flour(now), 1), why).toBeNull();
  });

  it("is null for a change kept by an older version of the app (nothing known of what was seen)", () => {
    const now = flour({ version: 3, updated_by: sam, updated_at: later });
    expect(laterChangeBy({ checked: true, name: "Flour" }, now, 1)).toBeNull();
  });
});

/**
 * The list's walk with what the store learned (issue 43): a section `learned: true` shows between
 * the shelves where the API puts it, headed and explained as learned, its items in the walk's order
 * (not by name); a tick there sinks the item and keeps the others' order, and goes out with its time.
 * The API is a stub of `api.GET`/`api.PUT`; IndexedDB (idb-keyval, the kept cache) a map; the live
 * connection is off.
 */
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { api } from "../../../lib/api/client.ts";
import { auth } from "../../../lib/auth.ts";
import { stopKeepingOffline } from "../../../lib/offline.ts";
import { renderInApp, signInAs } from "../../../lib/testing.tsx";
import { type Item, listAsText, type Section, type ShoppingList, shownSections } from "../lib/list.ts";
import { listItem } from "../lib/test-items.ts";
import { ShoppingListPage } from "./list.tsx";

vi.mock("idb-keyval", () => ({
  get: async () => undefined,
  set: async () => undefined,
  del: async () => undefined,
}));
vi.mock("../api/live-lists.ts", async (original) => ({
  ...(await original<typeof import("../api/live-lists.ts")>()),
  useLiveList: () => "off",
}));

const ME = 1;
const LIST_ID = 9;
const STORE_ID = 3;

const item = (id: number, name: string, extra: Partial<Item> = {}): Item =>
  listItem({ id, ingredient_id: id, name, amount_grams: null, amount_readable: "", ...extra });
const shelf = (id: number, name: string, position: number, items: Item[]): Section => ({
  shelf: { id, name, position },
  items,
});
const learned = (items: Item[]): Section => ({ shelf: null, learned: true, items });

/**
 * Riverside walked as its ticks taught it: Dairy, then Tea and Coffee (found there, in that order:
 * not by name), Bakery, then what nobody placed.
 */
const walked = (sections: Section[]): ShoppingList => ({
  id: LIST_ID,
  user_id: ME,
  name: "Saturday",
  store_id: STORE_ID,
  household_id: null,
  created_at: "2030-01-01T00:00:00.000Z",
  updated_at: "2030-01-01T00:00:00.000Z",
  recipes: [],
  sections,
});
const riverside = walked([
  shelf(21, "Dairy", 1, [item(1, "Milk")]),
  learned([item(2, "Tea"), item(3, "Coffee")]),
  shelf(22, "Bakery", 2, [item(4, "Bread")]),
  { shelf: null, items: [item(5, "Kitchen roll", { ingredient_id: null })] },
]);

const ok = (data: unknown) => ({ data, response: new Response(null, { status: 200 }) }) as never;

let puts: { path: string; body: Record<string, unknown> }[];

beforeEach(() => {
  signInAs(ME);
  puts = [];
  vi.spyOn(api, "GET").mockImplementation((async (path: string) => {
    if (path === "/api/v1/shopping-lists/{list_id}") return ok(riverside);
    if (path === "/api/v1/stores/{store_id}") {
      return ok({ id: STORE_ID, user_id: 2, name: "Riverside Market" });
    }
    return ok({ items: [], next_cursor: null });
  }) as never);
  vi.spyOn(api, "PUT").mockImplementation((async (
    path: string,
    init: { params: { path: { item_id: number } }; body: Record<string, unknown> },
  ) => {
    puts.push({ path, body: init.body });
    const id = init.params.path.item_id;
    const was = riverside.sections.flatMap((s) => s.items).find((i) => i.id === id);
    return ok({ ...was, checked: init.body.checked, checked_at: init.body.checked_at ?? null, version: 2 });
  }) as never);
});

afterEach(() => {
  vi.restoreAllMocks();
  stopKeepingOffline();
  auth.signOut();
});

const headings = () => screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent);
/** The names of a section's items, top to bottom. */
const namesIn = (section: HTMLElement) =>
  [...section.querySelectorAll(".sl-item .sl-name")].map((name) => name.textContent);

describe("a list walked through a store that learned where things are", () => {
  it("shows the learned section between the shelves, said to be learned, its items along the walk", async () => {
    renderInApp(<ShoppingListPage />, { path: "/lists/$listId", url: `/lists/${LIST_ID}` });
    const section = await screen.findByRole("region", { name: "Found here (learned)" });
    expect(headings().slice(0, 4)).toEqual([
      "1Dairy",
      "Found here (learned)",
      "2Bakery",
      "Not on a shelf of this store",
    ]);
    expect(section).toHaveAccessibleDescription("Where earlier trips through this store found them.");
    expect(namesIn(section)).toEqual(["Tea", "Coffee"]);
  });

  it("a tick there sinks the item, keeps the walk's order of the others, and goes out with its time", async () => {
    // The API's copy: a ticked item sinks in its section, the others keep the walk's order.
    const walk = [item(2, "Tea"), item(3, "Coffee"), item(6, "Apples")];
    const ticked = new Set<number>();
    const now = () =>
      walked([
        learned([
          ...walk.filter((i) => !ticked.has(i.id)),
          ...walk.filter((i) => ticked.has(i.id)).map((i) => ({ ...i, checked: true, version: 2 })),
        ]),
      ]);
    vi.mocked(api.GET).mockImplementation((async (path: string) =>
      ok(path === "/api/v1/shopping-lists/{list_id}" ? now() : { items: [], next_cursor: null })) as never);
    // The PUT is answered when the test says: until then the screen shows the tick on its own.
    let answer = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    vi.mocked(api.PUT).mockImplementation((async (
      path: string,
      init: { params: { path: { item_id: number } }; body: Record<string, unknown> },
    ) => {
      puts.push({ path, body: init.body });
      await answered;
      ticked.add(init.params.path.item_id);
      return ok(now().sections[0]?.items.find((i) => i.id === init.params.path.item_id));
    }) as never);
    renderInApp(<ShoppingListPage />, { path: "/lists/$listId", url: `/lists/${LIST_ID}` });
    const section = await screen.findByRole("region", { name: "Found here (learned)" });
    const before = Date.now();
    fireEvent.click(within(section).getByRole("checkbox", { name: /^Tea/ }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(namesIn(section)).toEqual(["Coffee", "Apples", "Tea"]);
    answer();
    await waitFor(() => expect(within(section).getByRole("checkbox", { name: /^Tea/ })).toBeChecked());
    expect(namesIn(section)).toEqual(["Coffee", "Apples", "Tea"]);
    expect(puts[0]?.body).toEqual({ checked: true, checked_at: expect.any(String) });
    const at = Date.parse(String(puts[0]?.body.checked_at));
    expect(at).toBeGreaterThanOrEqual(before);
    expect(at).toBeLessThanOrEqual(Date.now());
  });
});

describe("the sections a walk shows (shownSections)", () => {
  it("numbers the shelves along the walk, and shows learned sections with no shelf of the list between as one", () => {
    const list = walked([
      learned([item(7, "Bananas")]),
      shelf(21, "Dairy", 1, [item(1, "Milk")]),
      learned([item(2, "Tea", { checked: true }), item(3, "Coffee")]),
      shelf(22, "Bakery", 2, []),
      learned([item(8, "Jam")]),
      shelf(23, "Frozen", 3, [item(4, "Peas")]),
      { shelf: null, items: [item(5, "Kitchen roll")] },
    ]);
    expect(
      shownSections(list).map(({ key, section, number }) => [
        key,
        number,
        section.items.map((i) => i.name).join(" "),
      ]),
    ).toEqual([
      ["learned-0", null, "Bananas"],
      ["shelf-21", 1, "Milk"],
      ["learned-2", null, "Coffee Jam Tea"],
      ["shelf-23", 2, "Peas"],
      ["none", null, "Kitchen roll"],
    ]);
  });

  it("and the list as text heads the learned part as learned", () => {
    expect(listAsText(riverside)).toBe(
      [
        "Saturday",
        "",
        "Dairy",
        "- Milk",
        "",
        "Found here (learned)",
        "- Tea",
        "- Coffee",
        "",
        "Bakery",
        "- Bread",
        "",
        "Elsewhere",
        "- Kitchen roll",
      ].join("\n"),
    );
  });
});

/**
 * A store's page with what its trips taught it (issue 43): how many trips, where the ingredients on
 * no shelf are found, grouped by place and suggested shelf, and for its owner one button per place
 * that puts them on that shelf (the shelf's whole list of ingredients, as the shelves route takes
 * it), after which the learned order is read again. Nothing while nothing is learned. The API is a
 * stub of `api.GET`/`api.PUT`.
 */
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { api, type Schemas } from "../../../lib/api/client.ts";
import { auth } from "../../../lib/auth.ts";
import { renderInApp, signInAs } from "../../../lib/testing.tsx";
import { StorePage } from "../routes/store.tsx";
import { type LearnedItem, type LearnedOrder, learnedPlaces } from "./learned-places.ts";

const OWNER = 1;
const STORE_ID = 3;
const [DAIRY, BAKERY] = [21, 22];
const [MILK, COFFEE, TEA, BREAD, JAM] = [1, 2, 3, 4, 5];

const store: Schemas["StoreRead"] = {
  id: STORE_ID,
  user_id: OWNER,
  name: "Riverside Market",
  address: null,
  latitude: null,
  longitude: null,
  phone: null,
  website: null,
  description: null,
  created_at: "2030-01-01T00:00:00.000Z",
  updated_at: "2030-01-01T00:00:00.000Z",
};
const shelf = (id: number, name: string, position: number, ingredients: [number, string][]) => ({
  id,
  store_id: STORE_ID,
  name,
  position,
  ingredient_ids: ingredients.map(([i]) => i),
  ingredients: ingredients.map(([i, n]) => ({ id: i, name: n })),
  created_at: "2030-01-01T00:00:00.000Z",
  updated_at: "2030-01-01T00:00:00.000Z",
});
const shelves = [shelf(DAIRY, "Dairy", 1, [[MILK, "Milk"]]), shelf(BAKERY, "Bakery", 2, [[BREAD, "Bread"]])];

const learned = (
  ingredient_id: number,
  name: string,
  shelf_id: number | null,
  suggested_shelf_id: number | null = null,
): LearnedItem => ({ ingredient_id, name, shelf_id, suggested_shelf_id, confidence: 0.8 });

/** Three trips walked Milk, Coffee, Tea, Jam, Bread: Coffee and Tea are nearer Dairy, Jam Bakery. */
const threeTrips: LearnedOrder = {
  trips: 3,
  items: [
    learned(MILK, "Milk", DAIRY),
    learned(COFFEE, "Coffee", null, DAIRY),
    learned(TEA, "Tea", null, DAIRY),
    learned(JAM, "Jam", null, BAKERY),
    learned(BREAD, "Bread", BAKERY),
  ],
};

const ok = (data: unknown) => ({ data, response: new Response(null, { status: 200 }) }) as never;

let order: LearnedOrder;
let learnedReads: number;
let puts: { path: string; params: unknown; body: unknown }[];

beforeEach(() => {
  order = threeTrips;
  learnedReads = 0;
  puts = [];
  vi.spyOn(api, "GET").mockImplementation((async (path: string) => {
    if (path === "/api/v1/stores/{store_id}") return ok(store);
    if (path === "/api/v1/stores/{store_id}/shelves") return ok({ items: shelves, next_cursor: null });
    if (path === "/api/v1/stores/{store_id}/learned-order") {
      learnedReads += 1;
      return ok(order);
    }
    return ok({ items: [], next_cursor: null });
  }) as never);
  vi.spyOn(api, "PUT").mockImplementation((async (
    path: string,
    init: { params: { path: { shelf_id: number } }; body: { ingredient_ids: number[] } },
  ) => {
    puts.push({ path, params: init.params.path, body: init.body });
    // What the API learns from then on: Coffee and Tea are on Dairy.
    order = {
      trips: 3,
      items: threeTrips.items.map((i) =>
        init.body.ingredient_ids.includes(i.ingredient_id)
          ? { ...i, shelf_id: init.params.path.shelf_id, suggested_shelf_id: null }
          : i,
      ),
    };
    return ok(shelf(DAIRY, "Dairy", 1, [[MILK, "Milk"]]));
  }) as never);
});

afterEach(() => {
  vi.restoreAllMocks();
  auth.signOut();
});

const openStore = () => renderInApp(<StorePage />, { path: "/stores/$storeId", url: `/stores/${STORE_ID}` });

describe("a store's page with what its trips taught it", () => {
  it("says how many trips taught it and where the ingredients on no shelf are found, per place", async () => {
    signInAs(OWNER);
    openStore();
    expect(await screen.findByRole("heading", { level: 2, name: "Learned from 3 trips" })).toBeVisible();
    expect(screen.getByText("Coffee and Tea are found between Dairy and Bakery.")).toBeVisible();
    expect(screen.getByText("Jam is found between Dairy and Bakery.")).toBeVisible();
    expect(screen.getByRole("button", { name: "Put Coffee and Tea on Dairy" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "Put Jam on Bakery" })).toBeEnabled();
  });

  it("one tap puts them on the suggested shelf, keeping what it held, and the learned order is read again", async () => {
    signInAs(OWNER);
    openStore();
    fireEvent.click(await screen.findByRole("button", { name: "Put Coffee and Tea on Dairy" }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({
      path: "/api/v1/stores/{store_id}/shelves/{shelf_id}",
      params: { store_id: STORE_ID, shelf_id: DAIRY },
      body: { ingredient_ids: [MILK, COFFEE, TEA] },
    });
    await waitFor(() =>
      expect(screen.queryByText("Coffee and Tea are found between Dairy and Bakery.")).toBeNull(),
    );
    expect(learnedReads).toBeGreaterThan(1);
    // The other place stays on offer.
    expect(screen.getByText("Jam is found between Dairy and Bakery.")).toBeVisible();
  });

  it("shows the places but no button to who may not change the store", async () => {
    signInAs(OWNER + 1);
    openStore();
    expect(await screen.findByText("Coffee and Tea are found between Dairy and Bakery.")).toBeVisible();
    expect(screen.queryByRole("button", { name: /^Put / })).toBeNull();
  });

  it("shows nothing while nothing is learned", async () => {
    order = { trips: 0, items: [] };
    signInAs(OWNER);
    openStore();
    expect(await screen.findByRole("heading", { level: 2, name: "Shelves, in walking order" })).toBeVisible();
    await waitFor(() => expect(learnedReads).toBe(1));
    expect(screen.queryByRole("heading", { name: /^Learned from/ })).toBeNull();
  });
});

describe("the places of what was learned (learnedPlaces)", () => {
  it("groups by the shelves around and the shelf suggested; before the first shelf and after the last too", () => {
    const places = learnedPlaces([
      learned(10, "Bananas", null, DAIRY),
      learned(MILK, "Milk", DAIRY),
      learned(COFFEE, "Coffee", null, DAIRY),
      learned(11, "Butter", DAIRY),
      learned(TEA, "Tea", null, DAIRY),
      learned(JAM, "Jam", null, BAKERY),
      learned(BREAD, "Bread", BAKERY),
      learned(12, "Flowers", null, BAKERY),
      learned(13, "Stamps", null, null),
    ]);
    expect(places.map((p) => [p.before, p.after, p.shelf, p.items.map((i) => i.name).join(" ")])).toEqual([
      [null, DAIRY, DAIRY, "Bananas"],
      [DAIRY, DAIRY, DAIRY, "Coffee"],
      [DAIRY, BAKERY, DAIRY, "Tea"],
      [DAIRY, BAKERY, BAKERY, "Jam"],
      [BAKERY, null, BAKERY, "Flowers"],
    ]);
  });
});

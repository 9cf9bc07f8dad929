/**
 * GET /foods (CONTRACT.md: nutrition) through the real pipeline, on a small table built from the
 * shared SR28 workbook: a name in any language finds the food the matcher gives it first, then the
 * foods of its kind and the descriptions holding its words; paginated like every list; public.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../core/db.ts";
import { encodeCursor } from "../../core/pagination.ts";
import { api, collectPages, problem } from "../helpers/api.ts";
import { makeCast, type TestUser } from "../helpers/factories.ts";
import { FOODS, loadFoods } from "../helpers/foods.ts";

let owner: TestUser;
let admin: TestUser;

beforeAll(async () => {
  ({ owner, admin } = await makeCast());
  await loadFoods();
}, 60_000);

type FoodItem = { id: number; name: string; nutrients_per_100g: Record<string, number | null> };
const ids = (res: { body: { items: FoodItem[] } }) => res.body.items.map((f) => f.id);
const ONIONS = [FOODS.onion, FOODS.onionBoiled, FOODS.springOnion];

describe("GET /foods", () => {
  it("finds a name in any language: the matched food first, then its kind in name order", async () => {
    for (const q of ["Zwiebeln", "oignons", "onions", "cebolla"]) {
      const res = await api("GET", `/foods/?q=${encodeURIComponent(q)}`);
      expect(res.status).toBe(200);
      // ONIONS,RAW (the match), then ONIONS,CKD,BLD… and ONIONS,SPRING… by name.
      expect(ids(res), q).toEqual(ONIONS);
      expect(res.body.next_cursor).toBeNull();
    }
  });

  it("answers each food's id, USDA's name and its eight nutrients per 100 g", async () => {
    const res = await api("GET", "/foods?q=butter&lang=en");
    expect(res.status).toBe(200);
    expect(res.body.items[0]).toEqual({
      id: FOODS.butter,
      name: "BUTTER,WITH SALT",
      nutrients_per_100g: {
        energy_kcal: 717,
        protein_g: 0.85,
        fat_g: 81.11,
        saturated_fat_g: 51.368,
        carbohydrate_g: 0.06,
        sugars_g: 0.06,
        fiber_g: 0,
        salt_g: 1.6075,
      },
    });
  });

  it("searches the descriptions by every word, as USDA abbreviates them", async () => {
    // `flour` is `FLR` in the table; both words must be in the description.
    expect(ids(await api("GET", "/foods?q=wheat%20flour"))).toEqual([FOODS.flour]);
    expect(ids(await api("GET", "/foods?q=white"))).toEqual([FOODS.flour]);
    expect(ids(await api("GET", "/foods?q=RAW%20tomatoes"))[0]).toBe(FOODS.tomato);
    // Scallions are matched to the spring onions, then the other onions follow as their kind.
    expect(ids(await api("GET", "/foods?q=scallions"))).toEqual([
      FOODS.springOnion,
      FOODS.onionBoiled,
      FOODS.onion,
    ]);
  });

  it("is empty for a name no food has, and every food in name order without q", async () => {
    const none = await api("GET", "/foods?q=dragonfruit%20jelly");
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ items: [], next_cursor: null });
    const all = await api("GET", "/foods?limit=100");
    const names = all.body.items.map((f: FoodItem) => f.name);
    expect(names).toHaveLength(Object.keys(FOODS).length);
    expect(names).toEqual([...names].sort());
  });

  it("pages through every food once, with and without q", async () => {
    const all = await collectPages((cursor) =>
      api("GET", `/foods?limit=3${cursor ? `&cursor=${cursor}` : ""}`),
    );
    expect(all).toEqual(ids(await api("GET", "/foods?limit=100")));
    const onions = await collectPages((cursor) =>
      api("GET", `/foods?q=zwiebeln&limit=1${cursor ? `&cursor=${cursor}` : ""}`),
    );
    expect(onions).toEqual(ONIONS);
  });

  it("is public, and the same for a user and an admin", async () => {
    const anyone = await api("GET", "/foods?q=sugar");
    expect(anyone.status).toBe(200);
    expect(ids(anyone)[0]).toBe(FOODS.sugar);
    for (const token of [owner.token, admin.token]) {
      const res = await api("GET", "/foods?q=sugar", { token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual(anyone.body);
    }
  });

  it("refuses a q too long, an unknown language, a bad limit or cursor (400), and writes nothing", async () => {
    const before = await getDb()
      .selectFrom("foods")
      .select(getDb().fn.countAll<number>().as("n"))
      .executeTakeFirst();
    expect(problem(await api("GET", `/foods?q=${"a".repeat(10_000)}`), 400).detail).toMatch(
      /^Query parameter 'q' is invalid: .*100/,
    );
    expect(problem(await api("GET", "/foods?q=onion&lang=xx"), 400).detail).toMatch(
      /^Query parameter 'lang' is invalid: Must be one of 'en'/,
    );
    expect(problem(await api("GET", "/foods?limit=0"), 400).detail).toMatch(/^Query parameter 'limit'/);
    expect(problem(await api("GET", "/foods?cursor=nonsense"), 400).detail).toBe("Cursor is invalid.");
    expect(problem(await api("GET", `/foods?cursor=${encodeCursor([7, "A", 1])}`), 400).detail).toBe(
      "Cursor is invalid.",
    );
    expect(problem(await api("GET", "/foods?sort=name"), 400).detail).toMatch(/sort/);
    const after = await getDb()
      .selectFrom("foods")
      .select(getDb().fn.countAll<number>().as("n"))
      .executeTakeFirst();
    expect(Number(after?.n)).toBe(Number(before?.n));
  });
});

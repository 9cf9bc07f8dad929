/**
 * POST /ingredient-lines/nutrition (CONTRACT.md: nutrition) through the real pipeline, on a small
 * foods table built from the shared SR28 workbook: lines read as POST /ingredient-lines/parse reads
 * them, each counted with its existing ingredient's nutrients or the food its name matches, the
 * recipe's computation on top; nothing written.
 */
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../core/db.ts";
import { api, problem } from "../helpers/api.ts";
import { makeCast, type TestUser } from "../helpers/factories.ts";
import { FOODS, loadFoods } from "../helpers/foods.ts";

let owner: TestUser;
let admin: TestUser;

beforeAll(async () => {
  ({ owner, admin } = await makeCast());
  await loadFoods();
}, 60_000);

type Line = {
  text: string;
  amount_grams: number | null;
  food_id: number | null;
  food_name: string | null;
  energy_kcal: number | null;
};
const post = (json: unknown, token: string | undefined = owner.token) =>
  api("POST", "/ingredient-lines/nutrition", { ...(token ? { token } : {}), json });
const count = async (table: "ingredients" | "foods") =>
  Number(
    (await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(getDb())).rows[0]
      ?.n,
  );

describe("POST /ingredient-lines/nutrition", () => {
  it("counts each line's grams with the food its name matches, per serving and per 100 g", async () => {
    const ingredients = await count("ingredients");
    const res = await post({
      lines: ["200 g flour", "100 g butter", "2 eggs", "salt to taste"],
      servings: 4,
    });
    expect(res.status).toBe(200);
    const lines = res.body.lines as Line[];
    expect(lines.map((l) => [l.text, l.food_id])).toEqual([
      ["200 g flour", FOODS.flour],
      ["100 g butter", FOODS.butter],
      ["2 eggs", FOODS.egg],
      ["salt to taste", FOODS.salt],
    ]);
    expect(lines[0]).toEqual({
      text: "200 g flour",
      amount_grams: 200,
      food_id: FOODS.flour,
      food_name: "WHEAT FLR,WHITE,ALL-PURPOSE,ENR,BLEACHED",
      energy_kcal: 728,
    });
    expect(lines[1]?.energy_kcal).toBe(717);
    const eggGrams = lines[2]?.amount_grams as number;
    expect(eggGrams).toBeGreaterThan(0);
    expect(lines[2]?.energy_kcal).toBe(Math.round(eggGrams * 1.43));
    // No grams for the salt: it counts nothing, and its energy is unknown.
    expect(lines[3]).toMatchObject({ amount_grams: null, energy_kcal: null });
    const kcal = 728 + 717 + eggGrams * 1.43;
    expect(res.body.per_serving.energy_kcal).toBe(Math.round(kcal / 4));
    expect(res.body.per_serving.energy_kj).toBe(Math.round((kcal * 4.184) / 4));
    expect(res.body.per_100g.energy_kcal).toBe(Math.round((kcal * 100) / (300 + eggGrams)));
    expect(res.body.coverage).toBe(1);
    // Nothing written: no ingredient made for the lines.
    expect(await count("ingredients")).toBe(ingredients);
  });

  it("reads the lines in `lang`, and counts an existing ingredient's own nutrients (a person's)", async () => {
    const quark = await api("POST", "/ingredients", { token: owner.token, json: { name: "Magerquark" } });
    expect(quark.status).toBe(201);
    const typed = await api("PUT", `/ingredients/${quark.body.id}`, {
      token: owner.token,
      json: { nutrients_per_100g: { energy_kcal: 67, protein_g: 12 } },
    });
    expect(typed.status).toBe(200);
    const res = await post({ lines: ["250 g Magerquark", "50 g Zucker", "1 EL Olivenöl"], lang: "de" });
    expect(res.status).toBe(200);
    const lines = res.body.lines as Line[];
    expect(lines[0]).toEqual({
      text: "250 g Magerquark",
      amount_grams: 250,
      food_id: null,
      food_name: null,
      energy_kcal: 168,
    });
    expect(lines[1]).toMatchObject({
      food_id: FOODS.sugar,
      food_name: "SUGARS,GRANULATED",
      energy_kcal: 194,
    });
    expect(lines[2]?.food_id).toBe(FOODS.oliveOil);
    expect(lines[2]?.amount_grams).toBeGreaterThan(0);
    // Without servings: no per serving.
    expect(res.body.per_serving).toBeNull();
    expect(res.body.per_100g.protein_g).toBeGreaterThan(0);
  });

  it("knows nothing of lines no food matches: null, coverage 0", async () => {
    const res = await post({ lines: ["3 widgets", "a pinch of something"], servings: 2 });
    expect(res.status).toBe(200);
    expect(res.body.per_serving).toBeNull();
    expect(res.body.per_100g).toBeNull();
    expect(res.body.coverage).toBe(0);
    expect(res.body.lines.map((l: Line) => l.food_id)).toEqual([null, null]);
  });

  it("is for users and admins, not the public", async () => {
    expect(problem(await post({ lines: ["1 egg"] }, ""), 401).detail).toBe("Not authenticated.");
    const res = await post({ lines: ["1 egg"], servings: 1 }, admin.token);
    expect(res.status).toBe(200);
    expect(res.body.lines[0].food_id).toBe(FOODS.egg);
  });

  it("refuses more than 200 lines, none, a line too long, bad servings or language (422)", async () => {
    const tooMany = problem(await post({ lines: Array.from({ length: 201 }, () => "1 egg") }), 422);
    expect(tooMany.errors).toEqual([expect.objectContaining({ path: "lines" })]);
    expect((await post({ lines: Array.from({ length: 200 }, () => "1 egg") })).status).toBe(200);
    for (const bad of [
      { lines: [] },
      { lines: ["x".repeat(501)] },
      { lines: ["1 egg"], servings: 0 },
      { lines: ["1 egg"], servings: 1.5 },
      { lines: ["1 egg"], lang: "xx" },
      { lines: ["1 egg"], units: "us" },
      { lines: "1 egg" },
      {},
    ]) {
      const res = await post(bad);
      expect(res.status, JSON.stringify(bad).slice(0, 80)).toBe(422);
      expect(problem(res, 422).errors?.length).toBeGreaterThan(0);
    }
  });
});

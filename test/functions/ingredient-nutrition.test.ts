/**
 * An ingredient's nutrition (CONTRACT.md: nutrition) through the real pipeline, on a small foods
 * table built from the shared SR28 workbook: matched by name in any language when created, renamed
 * or when the table is imported; overridden by a person with a food of the table or typed values,
 * which no match replaces; null back to the match; carried by every ingredient read and a merge.
 */
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../core/db.ts";
import { importFoods } from "../../core/nutrition/import.ts";
import type { Food } from "../../core/nutrition/sr28.ts";
import { api, problem } from "../helpers/api.ts";
import { makeCast, makeIngredient, makeRecipe, type TestUser, unique } from "../helpers/factories.ts";
import { FOODS, loadFoods } from "../helpers/foods.ts";
import { nutrients } from "../helpers/nutrients.ts";
import { rowById } from "../helpers/rows.ts";

let owner: TestUser;
let other: TestUser;
let admin: TestUser;
let foods: Map<number, Food>;
/** Made before the table was imported. */
let early: { tomato: number; eggs: number; nothing: number };

const per100g = (id: number) => {
  const { id: _id, name: _name, measures: _measures, ...values } = foods.get(id) as Food;
  return values;
};
const matched = (id: number, name: string) => ({
  dataset: "USDA SR28",
  food_id: id,
  food_name: name,
  by: "match",
});

async function create(name: string, token = owner.token) {
  const res = await api("POST", "/ingredients", { token, json: { name } });
  expect(res.status).toBe(201);
  return res.body;
}
const put = (id: number, json: unknown, token = owner.token) =>
  api("PUT", `/ingredients/${id}`, { token, json });
const columns = async (id: number) => {
  const row = await rowById("ingredients", id);
  return { food: row?.nutrition_food_id, by: row?.nutrition_by, values: row?.nutrients_per_100g };
};

beforeAll(async () => {
  ({ owner, other, admin } = await makeCast());
  const tomato = await makeIngredient({ name: "Tomaten", owner });
  const eggs = await makeIngredient({ name: "Eier", owner });
  const nothing = await makeIngredient({ name: unique("Doohickey"), owner });
  early = { tomato: tomato.id, eggs: eggs.id, nothing: nothing.id };
  // A person's values before any table: the import leaves them.
  const typed = await put(eggs.id, { nutrients_per_100g: { energy_kcal: 150 } });
  expect(typed.status).toBe(200);
  foods = await loadFoods();
}, 60_000);

describe("matching at the import of the table", () => {
  it("matched every ingredient without nutrition in the import, and left a person's values", async () => {
    expect(await columns(early.tomato)).toEqual({
      food: FOODS.tomato,
      by: "match",
      values: per100g(FOODS.tomato),
    });
    expect(await columns(early.eggs)).toEqual({
      food: null,
      by: "person",
      values: nutrients({ energy_kcal: 150 }),
    });
    expect(await columns(early.nothing)).toEqual({ food: null, by: null, values: null });
  });

  it("gives every ingredient with a food that food's new values at a new import, typed ones stay", async () => {
    const tomato = foods.get(FOODS.tomato) as Food;
    await importFoods(getDb(), [{ ...tomato, energy_kcal: 21 }]);
    expect((await columns(early.tomato)).values).toEqual({ ...per100g(FOODS.tomato), energy_kcal: 21 });
    expect((await columns(early.eggs)).values).toEqual(nutrients({ energy_kcal: 150 }));
    await importFoods(getDb(), [tomato]);
    expect((await columns(early.tomato)).values).toEqual(per100g(FOODS.tomato));
  });
});

describe("POST /ingredients: matched by name in any language", () => {
  it("answers the match's nutrients per 100 g and where they come from, as GET and the list do", async () => {
    const onion = await create("Zwiebeln");
    expect(onion.nutrients_per_100g).toEqual(per100g(FOODS.onion));
    expect(onion.nutrition_source).toEqual(matched(FOODS.onion, "ONIONS,RAW"));
    expect(await columns(onion.id)).toEqual({ food: FOODS.onion, by: "match", values: per100g(FOODS.onion) });

    const read = await api("GET", `/ingredients/${onion.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(onion);
    const list = await api("GET", "/ingredients?q=Zwiebeln");
    expect(list.body.items).toEqual([onion]);

    for (const [name, food, foodName] of [
      ["farine", FOODS.flour, "WHEAT FLR,WHITE,ALL-PURPOSE,ENR,BLEACHED"],
      ["Zucker", FOODS.sugar, "SUGARS,GRANULATED"],
      ["olive oil", FOODS.oliveOil, "OIL,OLIVE,SALAD OR COOKING"],
    ] as const) {
      const made = await create(name, admin.token);
      expect(made.nutrition_source, name).toEqual(matched(food, foodName));
      expect(made.nutrients_per_100g.energy_kcal).toBe(foods.get(food)?.energy_kcal);
    }
  });

  it("has none (null) for a name no food has", async () => {
    const gadget = await create(unique("Gizmo"));
    expect(gadget.nutrients_per_100g).toBeNull();
    expect(gadget.nutrition_source).toBeNull();
  });
});

describe("PUT /ingredients/<id>: renamed, overridden, cleared", () => {
  it("matches a renamed ingredient again; a name no food has forgets the match", async () => {
    const made = await create(unique("Thing"));
    const sugar = await put(made.id, { name: "Sugar" });
    expect(sugar.status).toBe(200);
    expect(sugar.body.nutrition_source).toEqual(matched(FOODS.sugar, "SUGARS,GRANULATED"));
    const renamed = await put(made.id, { name: unique("Sprinkles") });
    expect(renamed.body.nutrition_source).toBeNull();
    expect(await columns(made.id)).toEqual({ food: null, by: null, values: null });
    // A description alone does not match again.
    await put(made.id, { name: "Butter" });
    await sql`update ingredients set nutrients_per_100g = null where id = ${made.id}`.execute(getDb());
    expect((await put(made.id, { description: "Salted" })).body.nutrients_per_100g).toBeNull();
  });

  it("takes a person's food, which no rename replaces, until null clears it back to the match", async () => {
    const onion = await create("Onion");
    const chosen = await put(onion.id, { nutrition_food_id: FOODS.springOnion });
    expect(chosen.status).toBe(200);
    expect(chosen.body.nutrition_source).toEqual({
      dataset: "USDA SR28",
      food_id: FOODS.springOnion,
      food_name: "ONIONS,SPRING OR SCALLIONS (INCL TOPS&BULB),RAW",
      by: "person",
    });
    expect(chosen.body.nutrients_per_100g).toEqual(per100g(FOODS.springOnion));
    const renamed = await put(onion.id, { name: "Tomato" });
    expect(renamed.body.nutrition_source.food_id).toBe(FOODS.springOnion);
    expect(renamed.body.nutrition_source.by).toBe("person");
    const cleared = await put(onion.id, { nutrition_food_id: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.nutrition_source).toEqual(
      matched(FOODS.tomato, "TOMATOES,RED,RIPE,RAW,YEAR RND AVERAGE"),
    );
    expect(await columns(onion.id)).toEqual({
      food: FOODS.tomato,
      by: "match",
      values: per100g(FOODS.tomato),
    });
  });

  it("takes typed values (one left out is unknown), which a recipe counts, until null clears them", async () => {
    const quark = await create("Quark");
    const typed = await put(quark.id, {
      nutrients_per_100g: { energy_kcal: 67, protein_g: 12, salt_g: null },
    });
    expect(typed.status).toBe(200);
    expect(typed.body.nutrients_per_100g).toEqual(nutrients({ energy_kcal: 67, protein_g: 12 }));
    expect(typed.body.nutrition_source).toEqual({
      dataset: null,
      food_id: null,
      food_name: null,
      by: "person",
    });
    const recipe = await makeRecipe(owner, {
      title: unique("Quark bowl"),
      servings: 2,
      ingredients: [{ ingredient_id: quark.id, amount_grams: 300, amount_readable: "300 g" }],
      steps: [{ description: "Stir." }],
    });
    expect((await api("GET", `/recipes/${recipe.id}`)).body.nutrition.per_serving.energy_kcal).toBe(101);
    // A rename keeps them; the name and the values change together in one request.
    const both = await put(quark.id, { name: "Quark (20 %)", nutrients_per_100g: { energy_kcal: 110 } });
    expect(both.body.name).toBe("Quark (20 %)");
    expect(both.body.nutrients_per_100g).toEqual(nutrients({ energy_kcal: 110 }));
    expect((await api("GET", `/recipes/${recipe.id}`)).body.nutrition.per_serving.energy_kcal).toBe(165);
    const cleared = await put(quark.id, { nutrients_per_100g: null });
    expect(cleared.body.nutrition_source).toBeNull();
    expect((await api("GET", `/recipes/${recipe.id}`)).body.nutrition).toBeNull();
  });

  it("refuses a food not in the table, both at once, values out of bounds (422), and changes nothing", async () => {
    const butter = await create("Butter, salted");
    const before = await rowById("ingredients", butter.id);
    const unknown = problem(await put(butter.id, { nutrition_food_id: 999_999 }), 422);
    expect(unknown.detail).toBe("Food ID 999999 is not in the foods table (GET /foods lists them).");
    expect(unknown.errors).toEqual([{ path: "nutrition_food_id", message: unknown.detail }]);
    expect(
      problem(
        await put(butter.id, { nutrition_food_id: FOODS.butter, nutrients_per_100g: { fat_g: 80 } }),
        422,
      ).detail,
    ).toBe(
      "Give either nutrition_food_id (a food of the table) or nutrients_per_100g (typed values), not both.",
    );
    expect(problem(await put(butter.id, { nutrients_per_100g: {} }), 422).detail).toBe(
      "nutrients_per_100g must give at least one value; null clears a person's values back to the match.",
    );
    for (const bad of [
      { nutrients_per_100g: { fat_g: -1 } },
      { nutrients_per_100g: { fat_g: 101 } },
      { nutrients_per_100g: { energy_kcal: 5000 } },
      { nutrients_per_100g: { energy_kcal: "lots" } },
      { nutrients_per_100g: { vitamin_c_mg: 3 } },
      { nutrients_per_100g: [1, 2] },
      { nutrition_food_id: 0 },
      { nutrition_food_id: "01001" },
      { nutrition_source: null },
    ]) {
      const res = await put(butter.id, bad);
      expect(res.status, JSON.stringify(bad)).toBe(422);
      expect(problem(res, 422).errors?.length, JSON.stringify(bad)).toBeGreaterThan(0);
    }
    expect(await rowById("ingredients", butter.id)).toEqual(before);
  });

  it("is the creator's or an admin's to change: 401, 403, 404", async () => {
    const mine = await create("Salt");
    expect((await put(mine.id, { nutrition_food_id: FOODS.salt }, "")).status).toBe(401);
    expect(problem(await put(mine.id, { nutrition_food_id: FOODS.butter }, other.token), 403).detail).toBe(
      `Ingredient ID ${mine.id} belongs to another user.`,
    );
    expect((await put(mine.id, { nutrients_per_100g: { salt_g: 99 } }, admin.token)).status).toBe(200);
    expect(await columns(mine.id)).toEqual({ food: null, by: "person", values: nutrients({ salt_g: 99 }) });
    expect(problem(await put(2_000_000_000, { nutrition_food_id: FOODS.salt }), 404).detail).toBe(
      "Ingredient ID 2000000000 was not found.",
    );
  });
});

describe("POST /ingredients/<id>/merge: the nutrition", () => {
  it("gives the merged ingredient what it lacks, and a person's choice over a match", async () => {
    const bare = await create(unique("Whatsit"));
    const onion = await create("Cebolla");
    expect(onion.nutrition_source).toEqual(matched(FOODS.onion, "ONIONS,RAW"));
    const merged = await api("POST", `/ingredients/${onion.id}/merge`, {
      token: owner.token,
      json: { into_id: bare.id },
    });
    expect(merged.status).toBe(200);
    expect(merged.body.nutrition_source).toEqual(onion.nutrition_source);
    expect(merged.body.nutrients_per_100g).toEqual(onion.nutrients_per_100g);

    const egg = await create("Egg");
    expect(egg.nutrition_source.by).toBe("match");
    const chosen = await create(unique("Hen's egg"));
    await put(chosen.id, { nutrients_per_100g: { energy_kcal: 155 } });
    const intoMatch = await api("POST", `/ingredients/${chosen.id}/merge`, {
      token: owner.token,
      json: { into_id: egg.id },
    });
    expect(intoMatch.body.nutrition_source).toEqual({
      dataset: null,
      food_id: null,
      food_name: null,
      by: "person",
    });
    expect(await columns(egg.id)).toEqual({
      food: null,
      by: "person",
      values: nutrients({ energy_kcal: 155 }),
    });
  });
});

/**
 * A recipe's nutrition on its read (CONTRACT.md: nutrition), through the real pipeline: per serving
 * and per 100 g from the lines' grams and the ingredients' nutrients, coverage and what is missing,
 * null when nothing is known, unchanged by `?servings=` and by other measures, and after an
 * ingredient's nutrients change. The ingredients' nutrients are written straight into the database
 * here (the match and a person's values come through PUT /ingredients, tested with it).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../core/db.ts";
import { jsonText } from "../../core/json-text.ts";
import type { Nutrients } from "../../core/nutrition/table.ts";
import { api } from "../helpers/api.ts";
import { makeIngredient, makeRecipe, makeUser, type TestUser, unique } from "../helpers/factories.ts";
import { nutrients } from "../helpers/nutrients.ts";

const setNutrients = (id: number, values: Nutrients | null) =>
  getDb()
    .updateTable("ingredients")
    .set({
      nutrients_per_100g: values === null ? null : jsonText(values),
      nutrition_by: values ? "person" : null,
    })
    .where("id", "=", id)
    .execute();

type Facts = Record<string, number | null>;
type NutritionBody = {
  per_serving: Facts | null;
  per_100g: Facts;
  coverage: number;
  missing: string[];
} | null;

let owner: TestUser;
let recipeId: number;
let flourId: number;
let names: { flour: string; butter: string; vanilla: string; salt: string };

beforeAll(async () => {
  owner = await makeUser();
  const flour = await makeIngredient({ name: unique("Flour") });
  const butter = await makeIngredient({ name: unique("Butter") });
  const vanilla = await makeIngredient({ name: unique("Vanilla") });
  const salt = await makeIngredient({ name: unique("Salt") });
  names = { flour: flour.name, butter: butter.name, vanilla: vanilla.name, salt: salt.name };
  flourId = flour.id;
  await setNutrients(
    flour.id,
    nutrients({ energy_kcal: 364, protein_g: 10.33, fat_g: 0.98, carbohydrate_g: 76.31 }),
  );
  await setNutrients(
    butter.id,
    nutrients({ energy_kcal: 717, fat_g: 81.11, saturated_fat_g: 51.368, salt_g: 1.6 }),
  );
  await setNutrients(salt.id, nutrients({ salt_g: 99.8 }));
  const recipe = await makeRecipe(owner, {
    title: unique("Shortbread"),
    servings: 4,
    ingredients: [
      { ingredient_id: flour.id, amount_grams: 200, amount_readable: "200 g" },
      { ingredient_id: butter.id, amount_grams: 100, amount_readable: "100 g" },
      { ingredient_id: vanilla.id, amount_grams: 5, amount_readable: "1 tsp" },
      { ingredient_id: salt.id, amount_grams: null, amount_readable: "a pinch" },
    ],
    steps: [{ description: "Rub, press, bake." }],
  });
  recipeId = recipe.id;
});

const nutritionOf = async (query = "") => {
  const res = await api("GET", `/recipes/${recipeId}${query}`);
  expect(res.status).toBe(200);
  return res.body.nutrition as NutritionBody;
};

describe("GET /recipes/<id>: nutrition", () => {
  it("is per serving and per 100 g of the recipe, with its coverage and what is missing", async () => {
    const n = await nutritionOf();
    // 200 g × 3.64 + 100 g × 7.17 = 1445 kcal in 305 g; 4 servings.
    expect(n?.per_serving?.energy_kcal).toBe(361);
    expect(n?.per_serving?.energy_kj).toBe(Math.round((1445 * 4.184) / 4));
    expect(n?.per_100g.energy_kcal).toBe(Math.round(144500 / 305));
    expect(n?.per_serving?.saturated_fat_g).toBe(12.8); // 51.368 / 4
    expect(n?.per_serving?.sugars_g).toBeNull(); // no counted line knows it
    expect(n?.coverage).toBe(Math.round((300 / 305) * 1000) / 1000);
    expect(n?.missing).toEqual([names.vanilla, names.salt]);
  });

  it("is the recipe's own servings whatever the read's servings or measures", async () => {
    const own = await nutritionOf();
    expect(await nutritionOf("?servings=8")).toEqual(own);
    expect(await nutritionOf("?units=us&lang=en")).toEqual(own);
  });

  it("follows an ingredient's nutrients, and is null when nothing is known", async () => {
    await setNutrients(flourId, nutrients({ energy_kcal: 400 }));
    expect((await nutritionOf())?.per_serving?.energy_kcal).toBe(Math.round((800 + 717) / 4));

    const plain = await makeIngredient({ name: unique("Water") });
    const soup = await makeRecipe(owner, {
      title: unique("Water"),
      servings: 2,
      ingredients: [{ ingredient_id: plain.id, amount_grams: 500, amount_readable: "500 ml" }],
      steps: [{ description: "Boil." }],
    });
    const res = await api("GET", `/recipes/${soup.id}`);
    expect(res.status).toBe(200);
    expect(res.body.nutrition).toBeNull();
  });

  it("has no per serving for a recipe that does not say its servings", async () => {
    const undated = await makeRecipe(owner, {
      title: unique("Crumble"),
      ingredients: [{ ingredient_id: flourId, amount_grams: 100, amount_readable: "100 g" }],
      steps: [{ description: "Mix." }],
    });
    const res = await api("GET", `/recipes/${undated.id}`);
    expect(res.body.nutrition.per_serving).toBeNull();
    expect(res.body.nutrition.per_100g.energy_kcal).toBe(400);
  });

  it("comes with a recipe created or changed, as with its read", async () => {
    const created = await api("POST", "/recipes", {
      token: owner.token,
      json: {
        title: unique("Flour cake"),
        servings: 2,
        ingredients: [{ ingredient_id: flourId, amount_grams: 100, amount_readable: "100 g" }],
        steps: [{ description: "Bake." }],
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.nutrition.per_serving.energy_kcal).toBe(200);
  });
});

describe("GET /recipes/<id> as JSON-LD: nutrition", () => {
  const jsonLd = async (id: number) => {
    const res = await api("GET", `/recipes/${id}`, { headers: { accept: "application/ld+json" } });
    expect(res.status).toBe(200);
    return res.body as { nutrition?: Record<string, string> };
  };

  it("states the nutrition per serving when at least 90 % of the grams are known, else nothing", async () => {
    const known = await makeRecipe(owner, {
      title: unique("Butter bread"),
      servings: 2,
      ingredients: [{ ingredient_id: flourId, amount_grams: 100, amount_readable: "100 g" }],
      steps: [{ description: "Bake." }],
    });
    expect((await jsonLd(known.id)).nutrition).toEqual({
      "@type": "NutritionInformation",
      servingSize: "1 serving",
      calories: "200 kcal",
    });
    // 300 of 305 g known (98 %): stated; the vanilla's 5 g and the salt's unknown grams aside.
    expect((await jsonLd(recipeId)).nutrition?.calories).toBe(`${Math.round((800 + 717) / 4)} kcal`);

    const vanilla = await makeIngredient({ name: unique("Vanilla") });
    const half = await makeRecipe(owner, {
      title: unique("Half known"),
      servings: 2,
      ingredients: [
        { ingredient_id: flourId, amount_grams: 100, amount_readable: "100 g" },
        { ingredient_id: vanilla.id, amount_grams: 100, amount_readable: "100 g" },
      ],
      steps: [{ description: "Mix." }],
    });
    expect((await jsonLd(half.id)).nutrition).toBeUndefined();
  });
});

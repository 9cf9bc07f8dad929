/**
 * The nutrition of meal plan entries (CONTRACT.md: nutrition): the recipe's per serving × the entry's
 * servings, read with the entries (GET /meal-plan, and the entry a create or update answers); null
 * when the recipe's nutrition or servings are unknown; following the ingredients' nutrients.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { api, problem } from "../helpers/api.ts";
import {
  makeCast,
  makeHousehold,
  makeIngredient,
  makeRecipeWith,
  type TestUser,
  unique,
} from "../helpers/factories.ts";
import { loadFoods } from "../helpers/foods.ts";

let owner: TestUser;
let other: TestUser;
let flour: number;
let butter: number;
let shortbread: number;
const DAY = "2027-01-11";

beforeAll(async () => {
  ({ owner, other } = await makeCast());
  await loadFoods();
  flour = (await makeIngredient({ name: "Mehl", owner })).id;
  butter = (await makeIngredient({ name: "Butter", owner })).id;
  // 200 g × 364 + 100 g × 717 kcal per 100 g = 1445 kcal in 4 servings.
  shortbread = (
    await makeRecipeWith(
      owner,
      [
        [flour, 200],
        [butter, 100],
      ],
      { servings: 4, title: unique("Shortbread") },
    )
  ).id;
}, 60_000);

const plan = async (json: Record<string, unknown>, token = owner.token) => {
  const res = await api("POST", "/meal-plan", { token, json: { date: DAY, meal: "dinner", ...json } });
  expect(res.status).toBe(201);
  return res.body;
};
const week = async (token = owner.token, day = DAY) => {
  const res = await api("GET", `/meal-plan/?from=${day}&to=${day}`, { token });
  expect(res.status).toBe(200);
  return res.body.items as {
    id: number;
    servings: number | null;
    nutrition: Record<string, number> | null;
  }[];
};

describe("GET /meal-plan: each entry's nutrition", () => {
  it("is the recipe's per serving × the entry's servings, read with the entries", async () => {
    const two = await plan({ recipe_id: shortbread, servings: 2 });
    const own = await plan({ recipe_id: shortbread, meal: "lunch" });
    expect(two.nutrition).toEqual({
      energy_kcal: 723, // 1445 × 2 / 4, rounded once
      energy_kj: Math.round((1445 * 4.184 * 2) / 4),
      protein_g: 10.8, // (200 × 10.33 + 100 × 0.85) / 100 × 2 / 4
      fat_g: expect.any(Number),
      saturated_fat_g: expect.any(Number),
      carbohydrate_g: expect.any(Number),
      sugars_g: expect.any(Number),
      fiber_g: 2.7,
      salt_g: expect.any(Number),
    });
    const items = await week();
    const byId = new Map(items.map((e) => [e.id, e]));
    expect(byId.get(two.id)?.nutrition).toEqual(two.nutrition);
    expect(byId.get(own.id)?.servings).toBe(4);
    expect(byId.get(own.id)?.nutrition?.energy_kcal).toBe(1445);
  });

  it("follows the entry's servings when changed, and the ingredients' nutrients", async () => {
    const entry = await plan({ recipe_id: shortbread, servings: 1, meal: "snack", date: "2027-01-12" });
    expect(entry.nutrition.energy_kcal).toBe(361);
    const changed = await api("PUT", `/meal-plan/${entry.id}`, { token: owner.token, json: { servings: 8 } });
    expect(changed.status).toBe(200);
    expect(changed.body.nutrition.energy_kcal).toBe(2890);
    const typed = await api("PUT", `/ingredients/${butter}`, {
      token: owner.token,
      json: { nutrients_per_100g: { energy_kcal: 700 } },
    });
    expect(typed.status).toBe(200);
    const [read] = await week(owner.token, "2027-01-12");
    expect(read?.nutrition?.energy_kcal).toBe((728 + 700) * 2);
    // The butter's other nutrients are unknown now: only the flour's count.
    expect(read?.nutrition?.fat_g).toBe(3.9); // 200 × 0.98 / 100 × 8 / 4
    await api("PUT", `/ingredients/${butter}`, { token: owner.token, json: { nutrients_per_100g: null } });
  });

  it("is null for a recipe without servings or without known nutrients", async () => {
    const unserved = await makeRecipeWith(owner, [[flour, 100]], {
      servings: null,
      title: unique("Crumble"),
    });
    const gadget = await makeIngredient({ name: unique("Gadget"), owner });
    const unknown = await makeRecipeWith(owner, [[gadget.id, 100]], {
      servings: 2,
      title: unique("Mystery"),
    });
    const day = "2027-01-13";
    const a = await plan({ recipe_id: unserved.id, date: day });
    const b = await plan({ recipe_id: unknown.id, date: day, meal: "lunch" });
    expect(a.servings).toBeNull();
    const items = await week(owner.token, day);
    expect(items.map((e) => [e.id, e.nutrition])).toEqual([
      [b.id, null],
      [a.id, null],
    ]);
  });

  it("is what a household member reads too; the public reads nothing", async () => {
    const household = await makeHousehold(owner, [other]);
    const day = "2027-01-14";
    const shared = await plan({ recipe_id: shortbread, servings: 4, date: day, household_id: household.id });
    const [read] = await week(other.token, day);
    expect(read?.id).toBe(shared.id);
    expect(read?.nutrition?.energy_kcal).toBe(1445);
    expect(problem(await api("GET", `/meal-plan/?from=${day}&to=${day}`), 401).detail).toBe(
      "Not authenticated.",
    );
  });
});

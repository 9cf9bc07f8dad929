/**
 * Recipes on a shopping list through the real pipeline: merging by the gram, servings, expanding
 * ingredients made by recipes (and refusing cycles), taking a recipe back, and concurrent additions.
 */
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../core/db.ts";
import { api, problem } from "../helpers/api.ts";
import { makeIngredient, makeList, makeRecipeWith, makeUser, type TestUser } from "../helpers/factories.ts";
import { itemsOf, type ListItem, postItem, uncheckedItem } from "../helpers/shopping-list-api.ts";

let owner: TestUser;

beforeAll(async () => {
  owner = await makeUser();
});

type Item = ListItem;

const addRecipe = (listId: number, json: Record<string, unknown>) =>
  api("POST", `/shopping-lists/${listId}/recipes`, { token: owner.token, json });

const readList = async (listId: number) =>
  (await api("GET", `/shopping-lists/${listId}`, { token: owner.token })).body;

const itemByName = async (listId: number, name: string): Promise<Item | undefined> =>
  uncheckedItem(await readList(listId), name);

describe("POST /shopping-lists/<id>/recipes", () => {
  it("adds up the amounts as written, like one amount; a line's note stays in the recipe", async () => {
    const butter = await makeIngredient();
    const salt = await makeIngredient();
    const onion = await makeIngredient();
    const pancakes = await makeRecipeWith(owner, [
      [butter.id, 28, "2 tbsp, melted"],
      [salt.id, 1, "a pinch"],
      [onion.id, 110, "1 onion"],
    ]);
    const soup = await makeRecipeWith(owner, [
      [butter.id, 14, "1 tbsp"],
      [salt.id, 14, "for the water"],
      [onion.id, 220, "2 onions"],
    ]);
    const list = await makeList(owner);
    await addRecipe(list.id, { recipe_id: pancakes.id });
    const res = await addRecipe(list.id, { recipe_id: soup.id });
    const amounts = (itemsOf(res.body) as Item[]).map((i) => [i.ingredient_id, i.amount_readable]);
    expect(amounts).toEqual(
      expect.arrayContaining([
        [butter.id, "3 tbsp"],
        [salt.id, "a pinch"],
        [onion.id, "3 onions"],
      ]),
    );
    // Taking one back leaves the other's amount.
    const back = await api("DELETE", `/shopping-lists/${list.id}/recipes/${pancakes.id}`, {
      token: owner.token,
    });
    expect((itemsOf(back.body) as Item[]).find((i) => i.ingredient_id === butter.id)?.amount_readable).toBe(
      "1 tbsp",
    );
    const { rows } = await sql<{ amount_readable: string }>`
      select amount_readable from shopping_list_items where list_id = ${list.id} and ingredient_id = ${onion.id}`.execute(
      getDb(),
    );
    expect(rows).toEqual([{ amount_readable: "2 onions" }]);
  });

  it("merges two recipes sharing flour into one item with the sum and both recipe ids", async () => {
    const flour = await makeIngredient();
    const sugar = await makeIngredient();
    const eggs = await makeIngredient();
    const cake = await makeRecipeWith(owner, [
      [flour.id, 250, "2 cups"],
      [sugar.id, 100, "1/2 cup"],
    ]);
    const bread = await makeRecipeWith(owner, [
      [flour.id, 500.5, "4 cups"],
      [eggs.id, 100, "2"],
    ]);
    const list = await makeList(owner);
    const first = await addRecipe(list.id, { recipe_id: cake.id });
    expect(first.status).toBe(200);
    const res = await addRecipe(list.id, { recipe_id: bread.id });
    expect(res.status).toBe(200);
    expect(res.body.recipes).toEqual([
      { recipe_id: cake.id, title: cake.title, servings: null },
      { recipe_id: bread.id, title: bread.title, servings: null },
    ]);
    const items = itemsOf(res.body) as Item[];
    expect(items).toHaveLength(3);
    expect(items.find((i) => i.ingredient_id === flour.id)).toEqual({
      id: expect.any(Number),
      ingredient_id: flour.id,
      name: flour.name,
      amount_grams: 750.5,
      amount_readable: "6 cups", // 2 cups + 4 cups, added up
      checked: false,
      checked_at: null,
      grams_per_piece: null,
      recipe_ids: [cake.id, bread.id],
      version: 2, // made by the cake, then the bread's flour added
      updated_by: { user_id: owner.id, username: owner.username },
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      updated_at: expect.stringMatching(/Z$/),
    });
    expect(items.find((i) => i.ingredient_id === eggs.id)).toMatchObject({
      amount_grams: 100,
      recipe_ids: [bread.id],
    });
  });

  it("a checked flour plus a new need makes two items", async () => {
    const flour = await makeIngredient();
    const recipe = await makeRecipeWith(owner, [[flour.id, 200]]);
    const list = await makeList(owner);
    const added = await addRecipe(list.id, { recipe_id: recipe.id });
    const [item] = itemsOf(added.body) as Item[];
    await api("PUT", `/shopping-lists/${list.id}/items/${item?.id}`, {
      token: owner.token,
      json: { checked: true },
    });
    const again = await addRecipe(list.id, { recipe_id: recipe.id });
    const items = (itemsOf(again.body) as Item[]).map((i) => [i.name, i.amount_grams, i.checked]);
    expect(items).toEqual([
      [flour.name, 200, false],
      [flour.name, 200, true],
    ]);
    expect(again.body.recipes).toEqual([{ recipe_id: recipe.id, title: recipe.title, servings: null }]);
  });

  it("scales grams by servings (default the recipe's own) and the amounts as written with them", async () => {
    const flour = await makeIngredient();
    const salt = await makeIngredient();
    const recipe = await makeRecipeWith(
      owner,
      [
        [flour.id, 300, "2 cups"],
        [salt.id, 1, ""],
      ],
      { servings: 3 },
    );
    const list = await makeList(owner);
    const plain = await addRecipe(list.id, { recipe_id: recipe.id });
    expect(plain.body.recipes).toEqual([{ recipe_id: recipe.id, title: recipe.title, servings: 3 }]);
    expect((itemsOf(plain.body) as Item[]).map((i) => [i.amount_grams, i.amount_readable])).toEqual([
      [300, "2 cups"],
      [1, ""],
    ]);
    // Adding the same recipe again adds again; its servings add up.
    const scaled = await addRecipe(list.id, { recipe_id: recipe.id, servings: 2 });
    expect(scaled.body.recipes).toEqual([{ recipe_id: recipe.id, title: recipe.title, servings: 5 }]);
    const flourItem = (itemsOf(scaled.body) as Item[]).find((i) => i.ingredient_id === flour.id);
    // 2 cups for 3, then 2 cups × 2/3 for 2 more: one amount.
    expect(flourItem).toMatchObject({ amount_grams: 500, amount_readable: "3 1/3 cups" });
    const saltItem = (itemsOf(scaled.body) as Item[]).find((i) => i.ingredient_id === salt.id);
    expect(saltItem?.amount_grams).toBe(1.667);
  });

  it("a recipe without servings is added as written; servings for it is a 422 and nothing is written", async () => {
    const flour = await makeIngredient();
    const recipe = await makeRecipeWith(owner, [[flour.id, 120, "1 cup"]], { servings: null });
    const list = await makeList(owner);
    const refused = await addRecipe(list.id, { recipe_id: recipe.id, servings: 2 });
    expect(problem(refused, 422)).toMatchObject({
      detail: `Recipe ID ${recipe.id} has no servings to scale from.`,
      errors: [{ path: "servings" }],
    });
    expect(itemsOf(await readList(list.id))).toEqual([]);
    const res = await addRecipe(list.id, { recipe_id: recipe.id });
    expect(res.body.recipes).toEqual([{ recipe_id: recipe.id, title: recipe.title, servings: null }]);
    expect((itemsOf(res.body) as Item[])[0]).toMatchObject({ amount_grams: 120, amount_readable: "1 cup" });
  });

  it.each([
    [{}, "recipe_id"],
    [{ recipe_id: 0 }, "recipe_id"],
    [{ recipe_id: 1, servings: 0 }, "servings"],
    [{ recipe_id: 1, servings: 1.5 }, "servings"],
    [{ recipe_id: 1, servings: 10_001 }, "servings"],
    [{ recipe_id: 1, expand: "yes" }, "expand"],
    [{ recipe_id: 1, note: "x" }, "note"],
  ])("refuses %j with a 422 at %s", async (json, path) => {
    const list = await makeList(owner);
    const body = problem(await addRecipe(list.id, json), 422);
    expect(body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ path })]));
  });

  it("an unknown recipe is a 422 naming it", async () => {
    const list = await makeList(owner);
    expect(problem(await addRecipe(list.id, { recipe_id: 2_000_000_000 }), 422)).toMatchObject({
      detail: "Recipe ID 2000000000 was not found.",
      errors: [{ path: "recipe_id", message: "Recipe ID 2000000000 was not found." }],
    });
  });

  it("grams beyond what the list can hold are a 422, and nothing is written", async () => {
    const rock = await makeIngredient();
    const recipe = await makeRecipeWith(owner, [[rock.id, 999_999_999]], { servings: 1 });
    const list = await makeList(owner);
    const res = await addRecipe(list.id, { recipe_id: recipe.id, servings: 10_000 });
    expect(problem(res, 422).detail).toBe(
      `Shopping list ID ${list.id} cannot hold that much: an amount would pass 999999999.999 grams.`,
    );
    expect(await readList(list.id)).toMatchObject({ recipes: [], sections: [{ items: [] }] });
  });
});

describe("expand", () => {
  it("replaces a dough by its own lines scaled to the grams needed (500 g of a 520 g dough)", async () => {
    const [flour, water, yeast, tomato] = [
      await makeIngredient(),
      await makeIngredient(),
      await makeIngredient(),
      await makeIngredient(),
    ];
    const dough = await makeRecipeWith(
      owner,
      [
        [flour.id, 300, "2 cups"],
        [water.id, 210],
        [yeast.id, 10],
      ],
      { servings: 1 },
    );
    const doughIngredient = await makeIngredient({ recipe_id: dough.id });
    const pizza = await makeRecipeWith(owner, [
      [doughIngredient.id, 500, "1 ball"],
      [tomato.id, 200],
    ]);
    const list = await makeList(owner);

    const bought = await addRecipe(list.id, { recipe_id: pizza.id });
    expect((itemsOf(bought.body) as Item[]).map((i) => [i.ingredient_id, i.amount_grams])).toEqual(
      expect.arrayContaining([
        [doughIngredient.id, 500],
        [tomato.id, 200],
      ]),
    );
    expect(itemsOf(bought.body)).toHaveLength(2);

    const made = await makeList(owner);
    const res = await addRecipe(made.id, { recipe_id: pizza.id, expand: true });
    expect(res.status).toBe(200);
    const factor = 500 / 520;
    const items = itemsOf(res.body) as Item[];
    expect(items.map((i) => [i.ingredient_id, i.amount_grams, i.recipe_ids])).toEqual(
      expect.arrayContaining([
        [flour.id, Math.round(300 * factor * 1000) / 1000, [pizza.id]],
        [water.id, Math.round(210 * factor * 1000) / 1000, [pizza.id]],
        [yeast.id, Math.round(10 * factor * 1000) / 1000, [pizza.id]],
        [tomato.id, 200, [pizza.id]],
      ]),
    );
    expect(items).toHaveLength(4);
    // 2 cups × 500/520 is within a cook's measure of 2 cups; the grams say exactly.
    expect(items.find((i) => i.ingredient_id === flour.id)?.amount_readable).toBe("2 cups");
    expect(res.body.recipes).toEqual([{ recipe_id: pizza.id, title: pizza.title, servings: null }]);
  });

  it("makes only the doughs it names by ingredient id, and buys the others", async () => {
    const [flour, butter, cream] = [await makeIngredient(), await makeIngredient(), await makeIngredient()];
    const base = await makeRecipeWith(owner, [[flour.id, 400]]);
    const topping = await makeRecipeWith(owner, [[cream.id, 100]]);
    const baseIngredient = await makeIngredient({ recipe_id: base.id });
    const toppingIngredient = await makeIngredient({ recipe_id: topping.id });
    const tart = await makeRecipeWith(owner, [
      [baseIngredient.id, 200],
      [toppingIngredient.id, 50],
      [butter.id, 30],
    ]);
    const list = await makeList(owner);
    const res = await addRecipe(list.id, { recipe_id: tart.id, expand: [baseIngredient.id] });
    expect(res.status).toBe(200);
    expect((itemsOf(res.body) as Item[]).map((i) => [i.ingredient_id, i.amount_grams])).toEqual(
      expect.arrayContaining([
        [flour.id, 200],
        [toppingIngredient.id, 50],
        [butter.id, 30],
      ]),
    );
    expect(itemsOf(res.body)).toHaveLength(3);
    // An empty list makes nothing; an id that is not one is refused like any other.
    const none = await addRecipe((await makeList(owner)).id, { recipe_id: tart.id, expand: [] });
    expect(itemsOf(none.body)).toHaveLength(3);
    const refused = problem(await addRecipe(list.id, { recipe_id: tart.id, expand: [0] }), 422);
    expect(refused.errors).toEqual([expect.objectContaining({ path: "expand.0" })]);
  });

  it("goes three levels down, scaling at each", async () => {
    const salt = await makeIngredient();
    const stockBase = await makeRecipeWith(owner, [[salt.id, 10]]);
    const stockBaseIngredient = await makeIngredient({ recipe_id: stockBase.id });
    const stock = await makeRecipeWith(owner, [[stockBaseIngredient.id, 50]]);
    const stockIngredient = await makeIngredient({ recipe_id: stock.id });
    const soup = await makeRecipeWith(owner, [[stockIngredient.id, 100]]);
    const soupIngredient = await makeIngredient({ recipe_id: soup.id });
    const dinner = await makeRecipeWith(owner, [[soupIngredient.id, 400]]);
    const list = await makeList(owner);
    const res = await addRecipe(list.id, { recipe_id: dinner.id, expand: true });
    // 400 g of soup = 4 × soup's 100 g of stock = 400 g stock = 8 × stock's 50 g base = 400 g base = 40 × 10 g salt.
    expect((itemsOf(res.body) as Item[]).map((i) => [i.ingredient_id, i.amount_grams])).toEqual([
      [salt.id, 400],
    ]);
  });

  it("stops after 5 levels: the sixth is bought as it is", async () => {
    const base = await makeIngredient();
    let recipe = await makeRecipeWith(owner, [[base.id, 10]]);
    const made: number[] = [];
    for (let level = 0; level < 6; level++) {
      const ingredient = await makeIngredient({ recipe_id: recipe.id });
      made.push(ingredient.id);
      recipe = await makeRecipeWith(owner, [[ingredient.id, 10]]);
    }
    const list = await makeList(owner);
    const res = await addRecipe(list.id, { recipe_id: recipe.id, expand: true });
    // Six made-by levels below the top: five are expanded, the deepest one is bought.
    expect((itemsOf(res.body) as Item[]).map((i) => i.ingredient_id)).toEqual([made[0]]);
  });

  it("a recipe that contains itself, directly or not, is a 422 and nothing is written", async () => {
    const flour = await makeIngredient();
    const a = await makeRecipeWith(owner, [[flour.id, 100]]);
    const aIngredient = await makeIngredient({ recipe_id: a.id });
    const b = await makeRecipeWith(owner, [[aIngredient.id, 50]]);
    const bIngredient = await makeIngredient({ recipe_id: b.id });
    await api("PUT", `/recipes/${a.id}`, {
      token: owner.token,
      json: {
        ingredients: [
          { ingredient_id: flour.id, amount_grams: 100, amount_readable: "" },
          { ingredient_id: bIngredient.id, amount_grams: 20, amount_readable: "" },
        ],
      },
    });
    const list = await makeList(owner);
    expect(problem(await addRecipe(list.id, { recipe_id: a.id, expand: true }), 422).detail).toBe(
      `Recipe ID ${a.id} contains itself.`,
    );
    expect(problem(await addRecipe(list.id, { recipe_id: b.id, expand: true }), 422).detail).toBe(
      `Recipe ID ${b.id} contains itself.`,
    );
    expect(await readList(list.id)).toMatchObject({ recipes: [], sections: [{ items: [] }] });
    // Without expand the ingredients are bought as they are.
    expect((await addRecipe(list.id, { recipe_id: a.id })).status).toBe(200);

    const self = await makeRecipeWith(owner, [[flour.id, 1]]);
    const selfIngredient = await makeIngredient({ recipe_id: self.id });
    await api("PUT", `/recipes/${self.id}`, {
      token: owner.token,
      json: { ingredients: [{ ingredient_id: selfIngredient.id, amount_grams: 1, amount_readable: "" }] },
    });
    expect(problem(await addRecipe(list.id, { recipe_id: self.id, expand: true }), 422).detail).toBe(
      `Recipe ID ${self.id} contains itself.`,
    );
  });
});

describe("DELETE /shopping-lists/<id>/recipes/<recipe_id>", () => {
  it("removes exactly the recipe's grams, drops what it alone asked for, keeps hand additions", async () => {
    const flour = await makeIngredient();
    const sugar = await makeIngredient();
    const milk = await makeIngredient();
    const cake = await makeRecipeWith(owner, [
      [flour.id, 250, "2 cups"],
      [sugar.id, 100],
      [milk.id, 200],
    ]);
    const bread = await makeRecipeWith(owner, [[flour.id, 500, "4 cups"]]);
    const list = await makeList(owner);
    await addRecipe(list.id, { recipe_id: cake.id });
    await addRecipe(list.id, { recipe_id: bread.id });
    await addRecipe(list.id, { recipe_id: cake.id });
    // Milk is also wanted by hand: it must stay, with the hand amount.
    const hand = await postItem(list.id, owner.token, {
      ingredient_id: milk.id,
      amount_grams: 50,
      amount_readable: "a splash",
    });
    expect(hand.status).toBe(200);
    expect((await itemByName(list.id, flour.name))?.amount_grams).toBe(1000);

    const res = await api("DELETE", `/shopping-lists/${list.id}/recipes/${cake.id}`, { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body.recipes).toEqual([{ recipe_id: bread.id, title: bread.title, servings: null }]);
    const items = itemsOf(res.body) as Item[];
    expect(items.map((i) => [i.ingredient_id, i.amount_grams, i.amount_readable, i.recipe_ids])).toEqual([
      [flour.id, 500, "4 cups", [bread.id]],
      [milk.id, 50, "a splash", []],
    ]);
    const parts = await sql<{ n: number }>`
      select count(*)::int as n from shopping_list_item_parts p join shopping_list_items it on it.id = p.item_id
      where it.list_id = ${list.id} and p.recipe_id = ${cake.id}`.execute(getDb());
    expect(parts.rows[0]?.n).toBe(0);

    const again = await api("DELETE", `/shopping-lists/${list.id}/recipes/${cake.id}`, {
      token: owner.token,
    });
    expect(problem(again, 404).detail).toBe(`Recipe ID ${cake.id} is not on shopping list ID ${list.id}.`);
  });

  it("an amount set by hand is the user's own: taking the recipe back leaves it", async () => {
    const flour = await makeIngredient();
    const eggs = await makeIngredient();
    const recipe = await makeRecipeWith(owner, [
      [flour.id, 250],
      [eggs.id, 100],
    ]);
    const list = await makeList(owner);
    const added = await addRecipe(list.id, { recipe_id: recipe.id });
    const flourItem = (itemsOf(added.body) as Item[]).find((i) => i.ingredient_id === flour.id) as Item;
    await api("PUT", `/shopping-lists/${list.id}/items/${flourItem.id}`, {
      token: owner.token,
      json: { amount_grams: 1000, amount_readable: "a 1 kg bag" },
    });
    const res = await api("DELETE", `/shopping-lists/${list.id}/recipes/${recipe.id}`, {
      token: owner.token,
    });
    expect(
      (itemsOf(res.body) as Item[]).map((i) => [i.id, i.amount_grams, i.amount_readable, i.recipe_ids]),
    ).toEqual([[flourItem.id, 1000, "a 1 kg bag", []]]);
  });

  it("takes back a checked item's share too, and an expanded recipe's lines", async () => {
    const flour = await makeIngredient();
    const dough = await makeRecipeWith(owner, [[flour.id, 100]]);
    const doughIngredient = await makeIngredient({ recipe_id: dough.id });
    const pizza = await makeRecipeWith(owner, [[doughIngredient.id, 200]]);
    const list = await makeList(owner);
    const added = await addRecipe(list.id, { recipe_id: pizza.id, expand: true });
    const [item] = itemsOf(added.body) as Item[];
    expect(item).toMatchObject({ ingredient_id: flour.id, amount_grams: 200, recipe_ids: [pizza.id] });
    await api("PUT", `/shopping-lists/${list.id}/items/${item?.id}`, {
      token: owner.token,
      json: { checked: true },
    });
    const res = await api("DELETE", `/shopping-lists/${list.id}/recipes/${pizza.id}`, { token: owner.token });
    expect(res.body).toMatchObject({ recipes: [], sections: [{ shelf: null, items: [] }] });
  });

  it("a deleted recipe leaves its items on the list, without its id", async () => {
    const flour = await makeIngredient();
    const recipe = await makeRecipeWith(owner, [[flour.id, 250]]);
    const list = await makeList(owner);
    await addRecipe(list.id, { recipe_id: recipe.id });
    expect((await api("DELETE", `/recipes/${recipe.id}`, { token: owner.token })).status).toBe(204);
    const after = await readList(list.id);
    expect(after.recipes).toEqual([]);
    expect((itemsOf(after) as Item[]).map((i) => [i.ingredient_id, i.amount_grams, i.recipe_ids])).toEqual([
      [flour.id, 250, []],
    ]);
  });
});

describe("concurrent additions", () => {
  it("50 additions of one recipe, 8 at a time, end with exactly 50 times its grams", async () => {
    const flour = await makeIngredient();
    const salt = await makeIngredient();
    const recipe = await makeRecipeWith(
      owner,
      [
        [flour.id, 123.457],
        [salt.id, 1.5],
      ],
      { servings: 2 },
    );
    const list = await makeList(owner);
    // Eight in flight at every moment: on PostgreSQL, eight concurrent writers; fewer than
    // the pool's 10 connections leaves each request's token lookup a free one, so no request waits on
    // the pool long enough to be refused with a 503 (that bound is not what this test is about).
    const results: { status: number }[] = [];
    let left = 50;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (left > 0) {
          left -= 1;
          results.push(await addRecipe(list.id, { recipe_id: recipe.id }));
        }
      }),
    );
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(200));
    const after = await readList(list.id);
    expect((itemsOf(after) as Item[]).map((i) => [i.ingredient_id, i.amount_grams])).toEqual([
      [flour.id, 6172.85],
      [salt.id, 75],
    ]);
    expect(after.recipes).toEqual([{ recipe_id: recipe.id, title: recipe.title, servings: 100 }]);
  });
});

/**
 * Items of a shopping list through the real pipeline: adding by hand (ingredient or free text, new or
 * merged), changing and checking off (a replayed PUT changes nothing more), deleting, clearing checked;
 * what makes them safe to change offline and replay (version, updated_by, client_id, field-wise PUT).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { MAX_SUM_CHARS } from "../../core/amount/sum.ts";
import { getDb } from "../../core/db.ts";
import { api, problem } from "../helpers/api.ts";
import {
  makeHousehold,
  makeIngredient,
  makeList,
  makeRecipeWith,
  makeShelf,
  makeStore,
  makeUser,
  type TestUser,
  unique,
} from "../helpers/factories.ts";
import { rowById } from "../helpers/rows.ts";
import { itemsOf, postItem } from "../helpers/shopping-list-api.ts";

let owner: TestUser;

beforeAll(async () => {
  owner = await makeUser();
});

const putItem = (listId: number, itemId: number, json: unknown) =>
  api("PUT", `/shopping-lists/${listId}/items/${itemId}`, { token: owner.token, json });

const readList = async (listId: number) =>
  (await api("GET", `/shopping-lists/${listId}`, { token: owner.token })).body;

describe("POST /shopping-lists/<id>/items", () => {
  it("adds an ingredient (201, Location), then more of it to the same unchecked item (200)", async () => {
    const flour = await makeIngredient();
    const list = await makeList(owner);
    const first = await postItem(list.id, owner.token, {
      ingredient_id: flour.id,
      amount_grams: 500,
      amount_readable: "1 bag",
    });
    expect(first.status).toBe(201);
    expect(first.headers.location).toBe(`/api/v1/shopping-lists/${list.id}/items/${first.body.id}`);
    expect(first.body).toEqual({
      id: expect.any(Number),
      ingredient_id: flour.id,
      name: flour.name,
      amount_grams: 500,
      amount_readable: "1 bag",
      checked: false,
      checked_at: null,
      grams_per_piece: null,
      recipe_ids: [],
      version: 1,
      updated_by: { user_id: owner.id, username: owner.username },
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      updated_at: expect.stringMatching(/Z$/),
    });
    const second = await postItem(list.id, owner.token, { ingredient_id: flour.id, amount_grams: 250 });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({
      id: first.body.id,
      amount_grams: 750,
      amount_readable: "1 bag",
      version: 2,
    });
    const recipe = await makeRecipeWith(owner, [[flour.id, 100, "1 cup"]]);
    await api("POST", `/shopping-lists/${list.id}/recipes`, {
      token: owner.token,
      json: { recipe_id: recipe.id },
    });
    expect(itemsOf(await readList(list.id))).toEqual([
      expect.objectContaining({
        id: first.body.id,
        amount_grams: 850,
        amount_readable: "1 bag + 1 cup",
        version: 3,
      }),
    ]);
  });

  it("an ingredient without grams has none until something says them; its piece weight comes along", async () => {
    const eggs = await makeIngredient();
    await getDb().updateTable("ingredients").set({ grams_per_piece: 50 }).where("id", "=", eggs.id).execute();
    const list = await makeList(owner);
    const res = await postItem(list.id, owner.token, { ingredient_id: eggs.id, amount_readable: "6" });
    expect(res.body).toMatchObject({ amount_grams: null, amount_readable: "6", grams_per_piece: 50 });
    const more = await postItem(list.id, owner.token, { ingredient_id: eggs.id, amount_grams: 100 });
    expect(more.body).toMatchObject({ amount_grams: 100, amount_readable: "6" });
  });

  it(`an item's summed amount stays within ${MAX_SUM_CHARS} characters however much is added to it; its grams add up whole`, async () => {
    const herb = await makeIngredient();
    const list = await makeList(owner);
    let res = await postItem(list.id, owner.token, {
      ingredient_id: herb.id,
      amount_grams: 1,
      amount_readable: "a sprig from pot 0",
    });
    for (let i = 1; i < 60; i++) {
      res = await postItem(list.id, owner.token, {
        ingredient_id: herb.id,
        amount_grams: 1,
        amount_readable: `a sprig from pot ${i}`,
      });
    }
    expect(res.status).toBe(200);
    expect(res.body.amount_grams).toBe(60);
    expect(res.body.amount_readable.length).toBeLessThanOrEqual(MAX_SUM_CHARS);
    expect(res.body.amount_readable).toMatch(/^a sprig from pot 0 \+ a sprig from pot 1 \+ .* \+ \d+ more$/);
    const stored = await rowById("shopping_list_items", res.body.id);
    expect(stored?.amount_readable).toBe(res.body.amount_readable);
  });

  it("free text that names an ingredient (ignoring case and plural) is that ingredient: it joins its item and its shelf", async () => {
    const milk = await makeIngredient({ name: `${unique("Oatmilk").replace(/\d+$/, "")}x` });
    const store = await makeStore(owner);
    const dairy = await makeShelf(owner, store.id, { name: "Dairy", ingredient_ids: [milk.id] });
    const list = await makeList(owner, { store_id: store.id });
    const typed = await postItem(list.id, owner.token, {
      name: `${milk.name.toUpperCase()}es`,
      amount_readable: "1 l",
    });
    expect(typed.status).toBe(201);
    expect(typed.body).toMatchObject({ ingredient_id: milk.id, name: milk.name, amount_readable: "1 l" });
    const again = await postItem(list.id, owner.token, {
      name: milk.name.toLowerCase(),
      amount_readable: "1 l",
    });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: typed.body.id, amount_readable: "2 l" });
    const read = await readList(list.id);
    expect(read.sections).toEqual([
      expect.objectContaining({
        shelf: expect.objectContaining({ id: dairy.id }),
        items: [expect.objectContaining({ id: typed.body.id })],
      }),
    ]);
  });

  it("free text that names no ingredient is always a new item", async () => {
    const list = await makeList(owner);
    const a = await postItem(list.id, owner.token, { name: "  kitchen roll ", amount_readable: "2 packs" });
    expect(a.status).toBe(201);
    expect(a.body).toEqual({
      id: expect.any(Number),
      ingredient_id: null,
      name: "kitchen roll",
      amount_grams: null,
      amount_readable: "2 packs",
      checked: false,
      checked_at: null,
      grams_per_piece: null,
      recipe_ids: [],
      version: 1,
      updated_by: { user_id: owner.id, username: owner.username },
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      updated_at: expect.stringMatching(/Z$/),
    });
    const b = await postItem(list.id, owner.token, { name: "kitchen roll" });
    expect(b.status).toBe(201);
    expect(b.body.id).not.toBe(a.body.id);
  });

  it.each([
    [{}, "ingredient_id"],
    [{ ingredient_id: 1, name: "both" }, "ingredient_id"],
    [{ name: "soap", amount_grams: 5 }, "amount_grams"],
    [{ name: "" }, "name"],
    [{ name: "x".repeat(201) }, "name"],
    [{ ingredient_id: 1, amount_grams: -1 }, "amount_grams"],
    [{ ingredient_id: 1, amount_grams: 1_000_000_000 }, "amount_grams"],
    [{ ingredient_id: 1, amount_readable: "x".repeat(501) }, "amount_readable"],
    [{ name: "soap", checked: true }, "checked"],
  ])("refuses %j with a 422 at %s", async (json, path) => {
    const list = await makeList(owner);
    const body = problem(
      await api("POST", `/shopping-lists/${list.id}/items`, { token: owner.token, json }),
      422,
    );
    expect(body.detail).toBe("Request body is invalid.");
    expect(body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ path })]));
    expect(itemsOf(await readList(list.id))).toEqual([]);
  });

  it("an unknown ingredient is a 422 naming it", async () => {
    const list = await makeList(owner);
    const res = await api("POST", `/shopping-lists/${list.id}/items`, {
      token: owner.token,
      json: { ingredient_id: 2_000_000_000 },
    });
    expect(problem(res, 422)).toMatchObject({
      detail: "Ingredient ID 2000000000 was not found.",
      errors: [{ path: "ingredient_id" }],
    });
  });

  it("a deleted ingredient leaves its item as free text with its last name", async () => {
    const ingredient = await makeIngredient();
    const list = await makeList(owner);
    const item = await postItem(list.id, owner.token, { ingredient_id: ingredient.id, amount_grams: 10 });
    await getDb().deleteFrom("ingredients").where("id", "=", ingredient.id).execute();
    expect(itemsOf(await readList(list.id))).toEqual([
      expect.objectContaining({
        id: item.body.id,
        ingredient_id: null,
        name: ingredient.name,
        amount_grams: 10,
      }),
    ]);
  });
});

describe("PUT /shopping-lists/<id>/items/<item_id>", () => {
  it("checks off; the same PUT sent twice changes nothing more", async () => {
    const flour = await makeIngredient();
    const list = await makeList(owner);
    const item = await postItem(list.id, owner.token, { ingredient_id: flour.id, amount_grams: 300 });
    const body = { checked: true, amount_grams: 250, amount_readable: "half a bag" };
    const first = await putItem(list.id, item.body.id, body);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      id: item.body.id,
      checked: true,
      amount_grams: 250,
      amount_readable: "half a bag",
    });
    const rowAfterFirst = await rowById("shopping_list_items", item.body.id);
    const listAfterFirst = await rowById("shopping_lists", list.id);
    const second = await putItem(list.id, item.body.id, body);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    // Not even updated_at moves, on the item or the list: a client syncing by it sees no change.
    expect(await rowById("shopping_list_items", item.body.id)).toEqual(rowAfterFirst);
    expect(await rowById("shopping_lists", list.id)).toEqual(listAfterFirst);
    const unchecked = await putItem(list.id, item.body.id, { checked: false });
    expect(unchecked.body).toMatchObject({ checked: false, amount_grams: 250 });
  });

  it("renames free text only; {} changes nothing", async () => {
    const flour = await makeIngredient();
    const list = await makeList(owner);
    const free = await postItem(list.id, owner.token, { name: "soap" });
    expect((await putItem(list.id, free.body.id, { name: "hand soap" })).body.name).toBe("hand soap");
    const ingredientItem = await postItem(list.id, owner.token, { ingredient_id: flour.id });
    const refused = await putItem(list.id, ingredientItem.body.id, { name: "flower" });
    expect(problem(refused, 422)).toMatchObject({
      detail: `Shopping list item ID ${ingredientItem.body.id} is an ingredient; only free text can be renamed.`,
      errors: [{ path: "name" }],
    });
    const same = await putItem(list.id, ingredientItem.body.id, {});
    expect(same.body).toEqual(ingredientItem.body);
  });

  it("amount_grams null clears the grams and is the user's own", async () => {
    const flour = await makeIngredient();
    const list = await makeList(owner);
    const item = await postItem(list.id, owner.token, { ingredient_id: flour.id, amount_grams: 300 });
    const res = await putItem(list.id, item.body.id, { amount_grams: null });
    expect(res.body).toMatchObject({ amount_grams: null });
    expect(await rowById("shopping_list_items", item.body.id)).toMatchObject({
      amount_grams: null,
      amount_set_by_hand: true,
    });
  });

  it("unchecking an item while another unchecked one of its ingredient exists folds it into that one", async () => {
    const flour = await makeIngredient();
    const recipe = await makeRecipeWith(owner, [[flour.id, 200, "2 cups"]]);
    const list = await makeList(owner);
    const first = await postItem(list.id, owner.token, { ingredient_id: flour.id, amount_grams: 100 });
    await putItem(list.id, first.body.id, { checked: true });
    const added = await api("POST", `/shopping-lists/${list.id}/recipes`, {
      token: owner.token,
      json: { recipe_id: recipe.id },
    });
    const fresh = itemsOf(added.body).find((i) => !i.checked) as { id: number };
    const res = await putItem(list.id, first.body.id, { checked: false });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: fresh.id,
      checked: false,
      amount_grams: 300,
      amount_readable: "2 cups",
      recipe_ids: [recipe.id],
    });
    expect(await rowById("shopping_list_items", first.body.id)).toBeUndefined();
    // Taking the recipe back leaves the hand-added 100 g.
    const back = await api("DELETE", `/shopping-lists/${list.id}/recipes/${recipe.id}`, {
      token: owner.token,
    });
    expect(itemsOf(back.body)).toEqual([expect.objectContaining({ id: fresh.id, amount_grams: 100 })]);
  });

  it.each([
    [{ checked: "yes" }, "checked"],
    [{ amount_grams: -1 }, "amount_grams"],
    [{ name: "" }, "name"],
    [{ ingredient_id: 1 }, "ingredient_id"],
  ])("refuses %j with a 422 at %s", async (json, path) => {
    const list = await makeList(owner);
    const item = await postItem(list.id, owner.token, { name: "soap" });
    const body = problem(await putItem(list.id, item.body.id, json), 422);
    expect(body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ path })]));
  });

  it("an item of another list, or none, is a 404", async () => {
    const list = await makeList(owner);
    const elsewhere = await makeList(owner);
    const item = await postItem(elsewhere.id, owner.token, { name: "soap" });
    expect(problem(await putItem(list.id, item.body.id, { checked: true }), 404).detail).toBe(
      `Shopping list item ID ${item.body.id} was not found.`,
    );
    expect(problem(await putItem(list.id, 2_000_000_000, { checked: true }), 404).detail).toBe(
      "Shopping list item ID 2000000000 was not found.",
    );
    expect((await rowById("shopping_list_items", item.body.id))?.checked).toBe(false);
  });
});

describe("DELETE items", () => {
  it("deletes one item; again is a 404", async () => {
    const list = await makeList(owner);
    const item = await postItem(list.id, owner.token, { name: "soap" });
    const path = `/shopping-lists/${list.id}/items/${item.body.id}`;
    expect((await api("DELETE", path, { token: owner.token })).status).toBe(204);
    expect(await rowById("shopping_list_items", item.body.id)).toBeUndefined();
    expect(problem(await api("DELETE", path, { token: owner.token }), 404).detail).toBe(
      `Shopping list item ID ${item.body.id} was not found.`,
    );
  });

  it("?checked=true removes the checked items only; without it, 400", async () => {
    const flour = await makeIngredient();
    const list = await makeList(owner);
    const keep = await postItem(list.id, owner.token, { ingredient_id: flour.id });
    const done = await postItem(list.id, owner.token, { name: "soap" });
    const alsoDone = await postItem(list.id, owner.token, { name: "tea" });
    await putItem(list.id, done.body.id, { checked: true });
    await putItem(list.id, alsoDone.body.id, { checked: true });
    problem(await api("DELETE", `/shopping-lists/${list.id}/items`, { token: owner.token }), 400);
    problem(
      await api("DELETE", `/shopping-lists/${list.id}/items?checked=false`, { token: owner.token }),
      400,
    );
    expect(itemsOf(await readList(list.id))).toHaveLength(3);
    const res = await api("DELETE", `/shopping-lists/${list.id}/items?checked=true`, { token: owner.token });
    expect(res.status).toBe(204);
    expect(itemsOf(await readList(list.id)).map((i) => i.id)).toEqual([keep.body.id]);
  });
});

describe("offline-safe items: version, updated_by, client_id", () => {
  const newClientId = () => crypto.randomUUID();

  it("version is 1, then grows by exactly 1 per change, a recipe adding grams included; a no-op keeps it", async () => {
    const flour = await makeIngredient();
    const recipe = await makeRecipeWith(owner, [[flour.id, 100, "1 cup"]], { servings: 2 });
    const list = await makeList(owner);
    const item = await postItem(list.id, owner.token, { ingredient_id: flour.id, amount_grams: 50 });
    expect(item.body.version).toBe(1);
    await api("POST", `/shopping-lists/${list.id}/recipes`, {
      token: owner.token,
      json: { recipe_id: recipe.id },
    });
    expect(await rowById("shopping_list_items", item.body.id)).toMatchObject({
      version: 2,
      amount_grams: 150,
    });
    expect((await putItem(list.id, item.body.id, { checked: true })).body.version).toBe(3);
    expect((await putItem(list.id, item.body.id, { checked: true })).body.version).toBe(3);
    // Days of a meal plan with the recipe twice add to one item in one change.
    const fresh = await postItem(list.id, owner.token, { ingredient_id: flour.id, amount_grams: 10 });
    for (const meal of ["lunch", "dinner"]) {
      await api("POST", "/meal-plan", {
        token: owner.token,
        json: { date: "2026-12-07", meal, recipe_id: recipe.id },
      });
    }
    await api("POST", `/shopping-lists/${list.id}/meal-plan`, {
      token: owner.token,
      json: { from: "2026-12-07", to: "2026-12-07" },
    });
    expect(await rowById("shopping_list_items", fresh.body.id)).toMatchObject({
      version: 2,
      amount_grams: 210,
    });
  });

  it("updated_by names who made the last change; two people changing different fields both keep theirs", async () => {
    const partner = await makeUser();
    const household = await makeHousehold(owner, [partner]);
    const list = await makeList(owner, { household_id: household.id });
    const item = await postItem(list.id, owner.token, { name: "eggs", amount_readable: "6" });
    expect(item.body.updated_by).toEqual({ user_id: owner.id, username: owner.username });
    const ticked = await api("PUT", `/shopping-lists/${list.id}/items/${item.body.id}`, {
      token: partner.token,
      json: { checked: true },
    });
    expect(ticked.body).toMatchObject({ checked: true, version: 2, updated_by: { user_id: partner.id } });
    const more = await putItem(list.id, item.body.id, { amount_readable: "12" });
    expect(more.body).toMatchObject({
      checked: true,
      amount_readable: "12",
      version: 3,
      updated_by: { user_id: owner.id, username: owner.username },
    });
    expect(await rowById("shopping_list_items", item.body.id)).toMatchObject({
      checked: true,
      amount_readable: "12",
      updated_by: owner.id,
    });
  });

  it("updated_by becomes null when its user's account is deleted, and stays so (the row keeps no dangling id)", async () => {
    const partner = await makeUser();
    const household = await makeHousehold(owner, [partner]);
    const list = await makeList(owner, { household_id: household.id });
    const item = await postItem(list.id, owner.token, { name: "flour" });
    await api("PUT", `/shopping-lists/${list.id}/items/${item.body.id}`, {
      token: partner.token,
      json: { checked: true },
    });
    await getDb().deleteFrom("users").where("id", "=", partner.id).execute();
    expect(await rowById("shopping_list_items", item.body.id)).toMatchObject({
      checked: true,
      version: 2,
      updated_by: null,
    });
    const read = itemsOf(await readList(list.id)).find((i) => i.id === item.body.id);
    expect(read).toMatchObject({ updated_by: null, version: 2 });
  });

  it("the same client_id again answers 200 with the item it made: nothing added twice", async () => {
    const flour = await makeIngredient();
    const list = await makeList(owner);
    const clientId = newClientId();
    const first = await postItem(list.id, owner.token, { name: "kitchen roll", client_id: clientId });
    expect(first.status).toBe(201);
    const again = await postItem(list.id, owner.token, { name: "kitchen roll", client_id: clientId });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(itemsOf(await readList(list.id))).toHaveLength(1);

    // An addition that joined an existing item is recognised too, and its grams count once.
    const open = await postItem(list.id, owner.token, { ingredient_id: flour.id, amount_grams: 100 });
    const flourId = newClientId();
    const joined = await postItem(list.id, owner.token, {
      ingredient_id: flour.id,
      amount_grams: 50,
      client_id: flourId,
    });
    expect(joined.status).toBe(200);
    expect(joined.body).toMatchObject({ id: open.body.id, amount_grams: 150, version: 2 });
    const replayed = await postItem(list.id, owner.token, {
      ingredient_id: flour.id,
      amount_grams: 50,
      client_id: flourId,
    });
    expect(replayed.status).toBe(200);
    expect(replayed.body).toEqual(joined.body);
    expect(await rowById("shopping_list_items", open.body.id)).toMatchObject({
      amount_grams: 150,
      version: 2,
    });
  });

  it("a client_id that is not a UUID is a 422; one used on another list is a 409", async () => {
    const list = await makeList(owner);
    const body = problem(
      await api("POST", `/shopping-lists/${list.id}/items`, {
        token: owner.token,
        json: { name: "soap", client_id: "offline-1" },
      }),
      422,
    );
    expect(body.errors).toEqual([{ path: "client_id", message: "Must be a UUID." }]);
    const clientId = newClientId();
    await postItem(list.id, owner.token, { name: "soap", client_id: clientId });
    const elsewhere = await makeList(owner);
    const taken = await api("POST", `/shopping-lists/${elsewhere.id}/items`, {
      token: owner.token,
      json: { name: "soap", client_id: clientId },
    });
    expect(problem(taken, 409).detail).toBe(
      `Client ID '${clientId}' was already used for an item of another shopping list.`,
    );
    expect(itemsOf(await readList(elsewhere.id))).toEqual([]);
  });

  it("a PUT or DELETE of an item deleted elsewhere is a 404", async () => {
    const list = await makeList(owner);
    const item = await postItem(list.id, owner.token, { name: "soap" });
    await api("DELETE", `/shopping-lists/${list.id}/items/${item.body.id}`, { token: owner.token });
    expect(problem(await putItem(list.id, item.body.id, { checked: true }), 404).detail).toBe(
      `Shopping list item ID ${item.body.id} was not found.`,
    );
    expect(
      problem(
        await api("DELETE", `/shopping-lists/${list.id}/items/${item.body.id}`, { token: owner.token }),
        404,
      ).detail,
    ).toBe(`Shopping list item ID ${item.body.id} was not found.`);
  });
});

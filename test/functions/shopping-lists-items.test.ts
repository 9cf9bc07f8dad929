/**
 * Items of a shopping list through the real pipeline: adding by hand (ingredient or free text, new or
 * merged), changing and checking off (a replayed PUT changes nothing more), deleting, clearing checked.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../core/db.ts";
import { api, problem } from "../helpers/api.ts";
import { makeIngredient, makeList, makeRecipeWith, makeUser, type TestUser } from "../helpers/factories.ts";
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
      grams_per_piece: null,
      recipe_ids: [],
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      updated_at: expect.stringMatching(/Z$/),
    });
    const second = await postItem(list.id, owner.token, { ingredient_id: flour.id, amount_grams: 250 });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ id: first.body.id, amount_grams: 750, amount_readable: "1 bag" });
    const recipe = await makeRecipeWith(owner, [[flour.id, 100, "1 cup"]]);
    await api("POST", `/shopping-lists/${list.id}/recipes`, {
      token: owner.token,
      json: { recipe_id: recipe.id },
    });
    expect(itemsOf(await readList(list.id))).toEqual([
      expect.objectContaining({ id: first.body.id, amount_grams: 850, amount_readable: "1 bag + 1 cup" }),
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

  it("free text is always a new item", async () => {
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
      grams_per_piece: null,
      recipe_ids: [],
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

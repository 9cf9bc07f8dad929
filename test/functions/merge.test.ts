/**
 * One ingredient, one name: names unique ignoring case and plural, and
 * `POST /ingredients/<id>/merge` and `POST /categories/<id>/merge` (CONTRACT.md: amounts, "One
 * ingredient, one name"), through the real pipeline, with the database before and after.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../core/db.ts";
import { api, problem } from "../helpers/api.ts";
import {
  makeCast,
  makeCategory,
  makeIngredient,
  makeList,
  makeRecipe,
  makeRecipeWith,
  makeShelf,
  makeStore,
  type TestUser,
  unique,
} from "../helpers/factories.ts";
import { itemsOf, postItem } from "../helpers/shopping-list-api.ts";

let admin: TestUser;
let owner: TestUser;
let other: TestUser;

beforeAll(async () => {
  ({ owner, other, admin } = await makeCast());
});

/** A singular name no other test picks, and its plural: `Berry-…x` / `Berry-…xes`. */
function twinNames(): [string, string] {
  const one = `${unique("Berry").replace(/\d+$/, "")}x`;
  return [one, `${one}es`];
}

const ingredientRow = (id: number) =>
  getDb().selectFrom("ingredients").selectAll().where("id", "=", id).executeTakeFirst();

describe("ingredient names are one name ignoring case and plural", () => {
  it("answers 409 naming the ingredient that has the name in the singular", async () => {
    const [one, many] = twinNames();
    const existing = await makeIngredient({ name: one, owner: other });
    const res = await api("POST", "/ingredients", { token: owner.token, json: { name: many } });
    expect(problem(res, 409).detail).toBe(
      `Ingredient name '${many}' already exists as '${one}' (ID ${existing.id}).`,
    );
    const rows = await getDb().selectFrom("ingredients").select("id").where("name", "=", many).execute();
    expect(rows).toEqual([]);
  });

  it("answers 409 to a rename onto another ingredient's plural, and keeps the old name", async () => {
    const [one, many] = twinNames();
    const existing = await makeIngredient({ name: many });
    const mine = await makeIngredient({ owner });
    const res = await api("PUT", `/ingredients/${mine.id}`, {
      token: owner.token,
      json: { name: one.toUpperCase() },
    });
    expect(problem(res, 409).detail).toBe(
      `Ingredient name '${one.toUpperCase()}' already exists as '${many}' (ID ${existing.id}).`,
    );
    expect((await ingredientRow(mine.id))?.name).toBe(mine.name);
  });

  it("lets an ingredient be renamed to its own plural", async () => {
    const [one, many] = twinNames();
    const mine = await makeIngredient({ name: one, owner });
    const res = await api("PUT", `/ingredients/${mine.id}`, { token: owner.token, json: { name: many } });
    expect(res.status).toBe(200);
    expect((await ingredientRow(mine.id))?.name).toBe(many);
  });

  it("answers 409 for a category named like another in the plural", async () => {
    const [one, many] = twinNames();
    const existing = await makeCategory({ name: one });
    const res = await api("POST", "/categories", { token: admin.token, json: { name: many } });
    expect(problem(res, 409).detail).toBe(
      `Category name '${many}' already exists as '${one}' (ID ${existing.id}).`,
    );
  });
});

describe("POST /ingredients/<id>/merge", () => {
  it("moves recipe lines, list items, shelf places and the made-by link, then deletes the ingredient", async () => {
    const from = await makeIngredient({ owner, grams_per_piece: 15, description: "Melted or not" });
    const into = await makeIngredient({ owner, grams_per_ml: 0.96 });
    const dough = await makeRecipe(owner);
    await getDb().updateTable("ingredients").set({ recipe_id: dough.id }).where("id", "=", from.id).execute();
    // One recipe with a line of each: they add up; another with a line of `from` only: it moves.
    const both = await makeRecipeWith(owner, [
      [into.id, 30, "2 tbsp"],
      [from.id, 15, "1 tbsp, melted"],
    ]);
    const alone = await makeRecipeWith(owner, [[from.id, 50, "50 g"]]);
    // A list with an unchecked item of each (they join) and a bought one of `from` (it moves).
    const list = await makeList(owner);
    expect(
      (
        await postItem(list.id, owner.token, {
          ingredient_id: into.id,
          amount_grams: 30,
          amount_readable: "2 tbsp",
        })
      ).status,
    ).toBe(201);
    const bought = await postItem(list.id, owner.token, {
      ingredient_id: from.id,
      amount_grams: 5,
      amount_readable: "1 tsp",
    });
    await api("PUT", `/shopping-lists/${list.id}/items/${bought.body.id}`, {
      token: owner.token,
      json: { checked: true },
    });
    expect(
      (
        await postItem(list.id, owner.token, {
          ingredient_id: from.id,
          amount_grams: 15,
          amount_readable: "1 tbsp",
        })
      ).status,
    ).toBe(201);
    // A store with both on shelves keeps `into`'s shelf; a store with only `from` gets it moved.
    const store = await makeStore(owner);
    const intoShelf = await makeShelf(owner, store.id, { ingredient_ids: [into.id] });
    await makeShelf(owner, store.id, { position: 1, ingredient_ids: [from.id] });
    const corner = await makeStore(owner);
    const cornerShelf = await makeShelf(owner, corner.id, { ingredient_ids: [from.id] });

    const res = await api("POST", `/ingredients/${from.id}/merge`, {
      token: owner.token,
      json: { into_id: into.id },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: into.id,
      name: into.name,
      description: "Melted or not",
      recipe_id: dough.id,
      grams_per_ml: 0.96,
      grams_per_piece: 15,
    });

    expect(await ingredientRow(from.id)).toBeUndefined();
    const recipe = await api("GET", `/recipes/${both.id}`);
    expect(recipe.body.ingredients).toEqual([
      { ingredient_id: into.id, name: into.name, amount_grams: 45, amount_readable: "3 tbsp, melted" },
    ]);
    expect((await api("GET", `/recipes/${alone.id}`)).body.ingredients).toEqual([
      { ingredient_id: into.id, name: into.name, amount_grams: 50, amount_readable: "50 g" },
    ]);
    const read = await api("GET", `/shopping-lists/${list.id}`, { token: owner.token });
    const items = itemsOf(read.body).map(
      ({ ingredient_id, name, amount_grams, amount_readable, checked }) => ({
        ingredient_id,
        name,
        amount_grams,
        amount_readable,
        checked,
      }),
    );
    expect(items).toEqual([
      {
        ingredient_id: into.id,
        name: into.name,
        amount_grams: 45,
        amount_readable: "3 tbsp",
        checked: false,
      },
      { ingredient_id: into.id, name: into.name, amount_grams: 5, amount_readable: "1 tsp", checked: true },
    ]);
    const places = await getDb()
      .selectFrom("shelf_ingredients")
      .select(["shelf_id", "ingredient_id"])
      .where("store_id", "in", [store.id, corner.id])
      .orderBy("shelf_id")
      .execute();
    expect(places).toEqual([
      { shelf_id: intoShelf.id, ingredient_id: into.id },
      { shelf_id: cornerShelf.id, ingredient_id: into.id },
    ]);
    // Recipe search finds the recipe by the kept name.
    const search = await api("GET", `/recipes/?q=${encodeURIComponent(into.name)}&user_id=${owner.id}`);
    expect(search.body.items.map((r: { id: number }) => r.id)).toEqual(
      expect.arrayContaining([both.id, alone.id]),
    );
  });

  it("lets an admin merge the ingredients of others", async () => {
    const from = await makeIngredient({ owner });
    const into = await makeIngredient({ owner: other });
    const res = await api("POST", `/ingredients/${from.id}/merge`, {
      token: admin.token,
      json: { into_id: into.id },
    });
    expect(res.status).toBe(200);
    expect(await ingredientRow(from.id)).toBeUndefined();
  });

  it("refuses a user's merge that would change another user's recipe, list or store (409 naming them), and changes nothing; an admin may", async () => {
    const from = await makeIngredient({ owner });
    const into = await makeIngredient({ owner });
    // The other user's private recipe, list and shelf name `from` (anyone may use any ingredient).
    const recipe = await makeRecipeWith(other, [
      [into.id, 30, "2 tbsp"],
      [from.id, 15, "1 tbsp"],
    ]);
    const list = await makeList(other);
    const item = await postItem(list.id, other.token, { ingredient_id: from.id, amount_grams: 15 });
    const store = await makeStore(other);
    const shelf = await makeShelf(other, store.id, { ingredient_ids: [from.id] });
    const merge = (token: string) =>
      api("POST", `/ingredients/${from.id}/merge`, { token, json: { into_id: into.id } });
    expect(problem(await merge(owner.token), 409).detail).toBe(
      `Ingredient ID ${from.id} is used by other users' recipes, lists or stores ('${other.username}'): only an admin can merge it.`,
    );
    expect(await ingredientRow(from.id)).toBeDefined();
    const lines = (await api("GET", `/recipes/${recipe.id}`)).body.ingredients;
    expect(lines.map((line: { ingredient_id: number }) => line.ingredient_id)).toEqual([into.id, from.id]);
    const read = await api("GET", `/shopping-lists/${list.id}`, { token: other.token });
    expect(itemsOf(read.body).map((i) => [i.id, i.ingredient_id])).toEqual([[item.body.id, from.id]]);
    const placed = await getDb()
      .selectFrom("shelf_ingredients")
      .select(["shelf_id", "ingredient_id"])
      .where("store_id", "=", store.id)
      .execute();
    expect(placed).toEqual([{ shelf_id: shelf.id, ingredient_id: from.id }]);
    // Each use alone is enough: the store's shelf place, once the recipe and the list are gone.
    await api("DELETE", `/recipes/${recipe.id}`, { token: other.token });
    await api("DELETE", `/shopping-lists/${list.id}`, { token: other.token });
    expect(problem(await merge(owner.token), 409).detail).toContain(`('${other.username}')`);
    // An admin merges what others use.
    expect((await merge(admin.token)).status).toBe(200);
    expect(await ingredientRow(from.id)).toBeUndefined();
  });

  it("refuses Public, a user who does not own both, and changes nothing", async () => {
    const from = await makeIngredient({ owner });
    const theirs = await makeIngredient({ owner: other });
    const recipe = await makeRecipeWith(owner, [[from.id, 10]]);
    problem(await api("POST", `/ingredients/${from.id}/merge`, { json: { into_id: theirs.id } }), 401);
    expect(
      problem(
        await api("POST", `/ingredients/${from.id}/merge`, {
          token: other.token,
          json: { into_id: theirs.id },
        }),
        403,
      ).detail,
    ).toBe(`Ingredient ID ${from.id} belongs to another user.`);
    expect(
      problem(
        await api("POST", `/ingredients/${from.id}/merge`, {
          token: owner.token,
          json: { into_id: theirs.id },
        }),
        403,
      ).detail,
    ).toBe(`Ingredient ID ${theirs.id} belongs to another user.`);
    expect(await ingredientRow(from.id)).toBeDefined();
    expect((await api("GET", `/recipes/${recipe.id}`)).body.ingredients[0].ingredient_id).toBe(from.id);
  });

  it("answers 404 for an unknown ingredient and 422 for an unknown or the same target", async () => {
    const mine = await makeIngredient({ owner });
    const missing = 2_000_000_000;
    expect(
      problem(
        await api("POST", `/ingredients/${missing}/merge`, {
          token: owner.token,
          json: { into_id: mine.id },
        }),
        404,
      ).detail,
    ).toBe(`Ingredient ID ${missing} was not found.`);
    const unknown = problem(
      await api("POST", `/ingredients/${mine.id}/merge`, { token: owner.token, json: { into_id: missing } }),
      422,
    );
    expect(unknown.detail).toBe(`Ingredient ID ${missing} was not found.`);
    expect(unknown.errors).toEqual([{ path: "into_id", message: `Ingredient ID ${missing} was not found.` }]);
    expect(
      problem(
        await api("POST", `/ingredients/${mine.id}/merge`, {
          token: owner.token,
          json: { into_id: mine.id },
        }),
        422,
      ).detail,
    ).toBe("An ingredient cannot be merged into itself.");
    for (const json of [{}, { into_id: "3" }, { into_id: 0 }, { into_id: mine.id, extra: 1 }]) {
      problem(await api("POST", `/ingredients/${mine.id}/merge`, { token: owner.token, json }), 422);
    }
    expect(await ingredientRow(mine.id)).toBeDefined();
  });

  it("adds unknown grams up null-aware: unknown + 15 g = 15 g, unknown + unknown stays unknown", async () => {
    const from = await makeIngredient({ owner });
    const into = await makeIngredient({ owner });
    const some = await makeRecipe(owner, {
      ingredients: [
        { ingredient_id: into.id, amount_grams: null, amount_readable: "to taste" },
        { ingredient_id: from.id, amount_grams: 15, amount_readable: "1 tbsp" },
      ],
    });
    const none = await makeRecipe(owner, {
      ingredients: [
        { ingredient_id: into.id, amount_grams: null, amount_readable: "a pinch" },
        { ingredient_id: from.id, amount_grams: null, amount_readable: "a pinch" },
      ],
    });
    const res = await api("POST", `/ingredients/${from.id}/merge`, {
      token: owner.token,
      json: { into_id: into.id },
    });
    expect(res.status).toBe(200);
    const lines = async (id: number) => (await api("GET", `/recipes/${id}`)).body.ingredients;
    expect(await lines(some.id)).toEqual([
      expect.objectContaining({
        ingredient_id: into.id,
        amount_grams: 15,
        amount_readable: "to taste + 1 tbsp",
      }),
    ]);
    expect(await lines(none.id)).toEqual([
      expect.objectContaining({ ingredient_id: into.id, amount_grams: null, amount_readable: "a pinch" }),
    ]);
  });

  it("keeps two lines whose amounts as written would not fit in one", async () => {
    const from = await makeIngredient({ owner });
    const into = await makeIngredient({ owner });
    const long = `1 cup, ${"very finely chopped and ".repeat(3)}sifted`;
    const recipe = await makeRecipeWith(owner, [
      [into.id, 10, "1 tbsp, toasted in a dry pan"],
      [from.id, 20, long],
    ]);
    expect(
      (await api("POST", `/ingredients/${from.id}/merge`, { token: owner.token, json: { into_id: into.id } }))
        .status,
    ).toBe(200);
    const lines = (await api("GET", `/recipes/${recipe.id}`)).body.ingredients;
    expect(
      lines.map((l: { ingredient_id: number; amount_grams: number }) => [l.ingredient_id, l.amount_grams]),
    ).toEqual([
      [into.id, 10],
      [into.id, 20],
    ]);
  });
});

describe("POST /categories/<id>/merge", () => {
  it("moves the recipes to the other category once, takes what it lacks, and deletes the category", async () => {
    const [one, many] = twinNames();
    const into = await makeCategory({ name: one });
    const from = await makeCategory({ name: unique(many), description: "Warming bowls" });
    const inBoth = await makeRecipe(owner, { category_ids: [into.id, from.id] });
    const inFrom = await makeRecipe(owner, { category_ids: [from.id] });
    const res = await api("POST", `/categories/${from.id}/merge`, {
      token: admin.token,
      json: { into_id: into.id },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: into.id, name: one, description: "Warming bowls" });
    expect(problem(await api("GET", `/categories/${from.id}`), 404).detail).toBe(
      `Category ID ${from.id} was not found.`,
    );
    for (const recipe of [inBoth, inFrom]) {
      const read = await api("GET", `/recipes/${recipe.id}`);
      expect(read.body.categories).toEqual([{ id: into.id, name: one }]);
    }
  });

  it("is for admins only, and answers 404 and 422 like the ingredients' merge", async () => {
    const from = await makeCategory();
    const into = await makeCategory();
    problem(await api("POST", `/categories/${from.id}/merge`, { json: { into_id: into.id } }), 401);
    expect(
      problem(
        await api("POST", `/categories/${from.id}/merge`, { token: owner.token, json: { into_id: into.id } }),
        403,
      ).detail,
    ).toBe("This action requires the admin role.");
    problem(
      await api("POST", "/categories/2000000000/merge", { token: admin.token, json: { into_id: into.id } }),
      404,
    );
    expect(
      problem(
        await api("POST", `/categories/${from.id}/merge`, {
          token: admin.token,
          json: { into_id: 2_000_000_000 },
        }),
        422,
      ).detail,
    ).toBe("Category ID 2000000000 was not found.");
    expect(
      problem(
        await api("POST", `/categories/${from.id}/merge`, { token: admin.token, json: { into_id: from.id } }),
        422,
      ).detail,
    ).toBe("A category cannot be merged into itself.");
    const row = await getDb()
      .selectFrom("categories")
      .select("id")
      .where("id", "=", from.id)
      .executeTakeFirst();
    expect(row).toEqual({ id: from.id });
  });
});

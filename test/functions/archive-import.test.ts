/**
 * POST /imports/uploads and POST /imports: one user's export imported by another user (standing in
 * for another instance: what the archive names is deleted here first), as the contract says: new
 * ids, the caller's ownership, ingredients and categories matched by name, categories dropped for a
 * non-admin with a warning and created by an admin, pictures copied, a second import warned about.
 */
import { createHash } from "node:crypto";
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { config } from "../../core/config.ts";
import { getDb } from "../../core/db.ts";
import { download, uploadArchive } from "../fixtures/archives/helpers.ts";
import { api, problem } from "../helpers/api.ts";
import {
  makeCategory,
  makeEntry,
  makeIngredient,
  makeList,
  makeUser,
  type TestUser,
  unique,
} from "../helpers/factories.ts";
import { fetchPublic, uploadPicture } from "../helpers/image-fixtures.ts";

const sha = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

type Exported = {
  archive: Buffer;
  title: string;
  names: { own: string; shared: string; category: string; store: string; list: string };
  sharedId: number;
  pictureSha: string;
};

/**
 * Alice's recipe (her own ingredient with a density, a shared one, an admin's category, a picture,
 * two steps), her store with a shelf, a shopping list and a meal plan entry; exported, then her
 * recipe, her ingredient and the category are deleted, as if the archive came from elsewhere.
 */
async function exportedByAlice(admin: TestUser): Promise<Exported> {
  const alice = await makeUser();
  const names = {
    own: unique("Leek"),
    shared: unique("Salt"),
    category: unique("Soups"),
    store: unique("Corner shop"),
    list: unique("Week").slice(0, 80),
  };
  const own = await api("POST", "/ingredients/", {
    token: alice.token,
    json: { name: names.own, grams_per_ml: 0.6, grams_per_piece: 180 },
  });
  expect(own.status).toBe(201);
  const shared = await makeIngredient({ name: names.shared });
  const category = await makeCategory({ name: names.category });
  const title = unique("Leek soup");
  const recipe = await api("POST", "/recipes/", {
    token: alice.token,
    json: {
      title,
      servings: 4,
      cook_time_sec: 1800,
      category_ids: [category.id],
      ingredients: [
        { ingredient_id: own.body.id, amount_grams: 360, amount_readable: "2 leeks" },
        { ingredient_id: shared.id, amount_grams: 5, amount_readable: "1 tsp" },
      ],
      steps: [{ description: "Sweat the leeks." }, { description: "Simmer 30 minutes." }],
    },
  });
  expect(recipe.status).toBe(201);
  expect((await uploadPicture(`/recipes/${recipe.body.id}/image`, "png", alice.token)).status).toBe(200);
  const picture = await fetchPublic((await api("GET", `/recipes/${recipe.body.id}`)).body.img);
  const store = await api("POST", "/stores/", { token: alice.token, json: { name: names.store } });
  const shelf = await api("POST", `/stores/${store.body.id}/shelves/`, {
    token: alice.token,
    json: { name: "Aisle 1", position: 0, ingredient_ids: [own.body.id] },
  });
  expect(shelf.status).toBe(201);
  const list = await makeList(alice, { name: names.list, store_id: store.body.id });
  const added = await api("POST", `/shopping-lists/${list.id}/recipes`, {
    token: alice.token,
    json: { recipe_id: recipe.body.id },
  });
  expect(added.status).toBe(200);
  await makeEntry(alice, { date: "2026-12-01", meal: "dinner", recipe_id: recipe.body.id });

  const exported = await api("POST", "/exports", { token: alice.token, json: { scope: "mine" } });
  expect(exported.status).toBe(201);
  const archive = await download(exported.body.url);

  // Gone here, so the import must create them again (or, for the category, drop it).
  expect((await api("DELETE", `/recipes/${recipe.body.id}`, { token: alice.token })).status).toBe(204);
  expect((await api("DELETE", `/ingredients/${own.body.id}`, { token: alice.token })).status).toBe(204);
  expect((await api("DELETE", `/categories/${category.id}`, { token: admin.token })).status).toBe(204);
  return { archive, title, names, sharedId: shared.id, pictureSha: sha(picture.bytes) };
}

async function importAs(user: TestUser, archive: Buffer) {
  const key = await uploadArchive(user.token, archive);
  return api("POST", "/imports", { token: user.token, json: { key } });
}

async function recipesOf(user: TestUser, title: string) {
  const rows = await sql<{ id: number }>`
    select id from recipes where user_id = ${user.id} and title = ${title} order by id`.execute(getDb());
  return rows.rows.map((r) => r.id);
}

describe("POST /imports of another user's export", () => {
  let admin: TestUser;
  let exported: Exported;
  beforeAll(async () => {
    admin = await makeUser({ role: "admin" });
    exported = await exportedByAlice(admin);
  }, 120_000);

  it("makes everything the caller's, with new ids, names matched, the category dropped with a warning", async () => {
    const bob = await makeUser();
    const res = await importAs(bob, exported.archive);
    expect(res.status).toBe(200);
    expect(res.body.counts).toEqual({
      categories: 0,
      categories_matched: 0,
      recipes: 1,
      ingredients: 1,
      ingredients_matched: 1,
      stores: 1,
      shelves: 1,
      shopping_lists: 1,
      shopping_list_items: 2,
      meal_plan_entries: 1,
      pictures: 2,
    });
    expect(res.body.warnings).toEqual([
      `Category '${exported.names.category}' does not exist here and only an admin may create it: 1 recipe(s) were imported without it.`,
    ]);

    const [recipeId] = await recipesOf(bob, exported.title);
    const recipe = (await api("GET", `/recipes/${recipeId}`)).body;
    expect(recipe).toMatchObject({ user_id: bob.id, servings: 4, cook_time_sec: 1800, categories: [] });
    expect(recipe.steps).toEqual([
      { step_number: 1, description: "Sweat the leeks.", timers: [] },
      {
        step_number: 2,
        description: "Simmer 30 minutes.",
        timers: [{ seconds: 1800, text: "30 minutes", start: 7, end: 17 }],
      },
    ]);
    const [leekLine, saltLine] = recipe.ingredients;
    expect(saltLine).toMatchObject({
      ingredient_id: exported.sharedId,
      name: exported.names.shared,
      amount_grams: 5,
    });
    expect(leekLine).toMatchObject({
      name: exported.names.own,
      amount_grams: 360,
      amount_readable: "2 leeks",
    });
    const leek = (await api("GET", `/ingredients/${leekLine.ingredient_id}`)).body;
    expect(leek).toMatchObject({ user_id: bob.id, grams_per_ml: 0.6, grams_per_piece: 180 });

    // The picture is copied under the new recipe, byte for byte.
    expect(recipe.img).toMatch(new RegExp(`^${config.storage.publicUrl}/recipes/${recipeId}/[^/]+\\.png$`));
    expect(sha((await fetchPublic(recipe.img)).bytes)).toBe(exported.pictureSha);
    expect((await fetchPublic(recipe.preview_img)).status).toBe(200);

    // The store with its shelf, the list following it with the recipe added, the meal plan.
    const stores = await sql<{ id: number }>`select id from stores where user_id = ${bob.id}`.execute(
      getDb(),
    );
    const storeId = stores.rows[0]?.id;
    const shelves = (await api("GET", `/stores/${storeId}/shelves/`)).body.items;
    expect(shelves).toMatchObject([
      { name: "Aisle 1", position: 0, ingredient_ids: [leekLine.ingredient_id] },
    ]);
    const lists = (await api("GET", "/shopping-lists/", { token: bob.token })).body.items;
    expect(lists).toMatchObject([{ name: exported.names.list, store_id: storeId }]);
    const list = (await api("GET", `/shopping-lists/${lists[0].id}`, { token: bob.token })).body;
    expect(list.recipes).toMatchObject([{ recipe_id: recipeId, servings: 4 }]);
    const plan = await api("GET", "/meal-plan/?from=2026-12-01&to=2026-12-01", { token: bob.token });
    expect(plan.body.items).toMatchObject([{ date: "2026-12-01", meal: "dinner", recipe_id: recipeId }]);

    // Importing the same archive again adds it again, and says so.
    const again = await importAs(bob, exported.archive);
    expect(again.status).toBe(200);
    expect(again.body.counts).toMatchObject({ recipes: 1, ingredients: 0, ingredients_matched: 2 });
    expect(again.body.warnings).toContain(
      "1 of the archive's recipes were imported here before (same title and creation time): they are now here twice.",
    );
    expect(await recipesOf(bob, exported.title)).toHaveLength(2);
  });

  it("creates a missing category when an admin imports", async () => {
    const res = await importAs(admin, exported.archive);
    expect(res.status).toBe(200);
    expect(res.body.counts).toMatchObject({ categories: 1, recipes: 1 });
    expect(res.body.warnings).toEqual([]);
    const [recipeId] = await recipesOf(admin, exported.title);
    const recipe = (await api("GET", `/recipes/${recipeId}`)).body;
    expect(recipe.categories).toMatchObject([{ name: exported.names.category }]);
  });

  it("removes the upload once imported", async () => {
    const carol = await makeUser();
    const key = await uploadArchive(carol.token, exported.archive);
    expect((await api("POST", "/imports", { token: carol.token, json: { key } })).status).toBe(200);
    const res = await api("POST", "/imports", { token: carol.token, json: { key } });
    expect(problem(res, 422).detail).toBe(`Upload '${key}' was not found.`);
  });
});

describe("POST /imports/uploads", () => {
  it("answers a signed PUT link under the caller's own key, valid 15 minutes", async () => {
    const user = await makeUser();
    const res = await api("POST", "/imports/uploads", { token: user.token });
    expect(res.status).toBe(201);
    expect(res.body.key).toMatch(new RegExp(`^imports/${user.id}/[0-9a-f-]{36}\\.zip$`));
    expect(res.body.upload_url).toMatch(/X-Amz-Expires=900/);
    expect(res.headers.location).toBe(res.body.upload_url);
    expect(Date.parse(res.body.expires_at)).toBeGreaterThan(Date.now() + 14 * 60 * 1000);
  });

  it("is closed to the public", async () => {
    expect(problem(await api("POST", "/imports/uploads"), 401).detail).toBe("Not authenticated.");
  });
});

describe("POST /imports refuses keys it did not hand to the caller", () => {
  it("403 for another user's upload, 422 for a key it never made or an upload that never came", async () => {
    const [owner, thief] = [await makeUser(), await makeUser()];
    const key = await uploadArchive(owner.token, Buffer.from("whatever"));
    const stolen = await api("POST", "/imports", { token: thief.token, json: { key } });
    expect(problem(stolen, 403).detail).toBe(`Upload '${key}' belongs to another user.`);

    const made = await api("POST", "/imports", {
      token: thief.token,
      json: { key: "exports/1/../../secret.zip" },
    });
    expect(problem(made, 422).detail).toBe(
      "Upload key 'exports/1/../../secret.zip' was not made by POST /imports/uploads.",
    );
    expect(made.body.errors).toEqual([{ path: "key", message: made.body.detail }]);

    const never = (await api("POST", "/imports/uploads", { token: thief.token })).body.key;
    const missing = await api("POST", "/imports", { token: thief.token, json: { key: never } });
    expect(problem(missing, 422).detail).toBe(`Upload '${never}' was not found.`);

    expect(problem(await api("POST", "/imports", { json: { key } }), 401).detail).toBe("Not authenticated.");
    expect(problem(await api("POST", "/imports", { token: owner.token, json: {} }), 422).detail).toBe(
      "Request body is invalid.",
    );
  });
});

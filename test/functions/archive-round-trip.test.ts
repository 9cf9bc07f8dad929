/**
 * Exports round-trip (issue 28, item 6): whatever POST /exports writes for one user, POST /imports
 * reads back into any account of any instance. The account holds what an archive must carry whole:
 * an ingredient only a shopping list uses (another user's), shelves holding another user's
 * ingredient, a made-by link to another user's recipe, categories, a picture, a free-text item, a
 * checked item and a meal plan entry. Its export is imported into a new account of this database
 * (through the API) and into a new account of a fresh database and bucket (another instance), and
 * each account's lists, shelves and meal plan read back as the original's.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMPORT_LIMITS } from "../../core/archive/format.ts";
import { importArchive } from "../../core/archive/import.ts";
import { ArchiveReader } from "../../core/archive/reader.ts";
import type { Caller } from "../../core/auth/caller.ts";
import { type Db, getDb } from "../../core/db.ts";
import { getShoppingList } from "../../core/shopping-list/service.ts";
import { insertUser } from "../../core/user/repository.ts";
import {
  download,
  type FreshDatabase,
  freshBucket,
  freshDatabase,
  uploadArchive,
} from "../fixtures/archives/helpers.ts";
import { api } from "../helpers/api.ts";
import {
  makeCategory,
  makeEntry,
  makeHousehold,
  makeIngredient,
  makeList,
  makeRecipe,
  makeShelf,
  makeStore,
  makeUser,
  type TestUser,
  unique,
} from "../helpers/factories.ts";
import { uploadPicture } from "../helpers/image-fixtures.ts";
import { postItem } from "../helpers/shopping-list-api.ts";

/**
 * What one account holds, by names rather than ids (ids differ from one instance to another): its
 * recipes, lists with their items (in the list's own sections, the store's walking order), stores
 * with their shelves, and meal plan.
 */
async function snapshot(db: Db, caller: Caller) {
  const recipes = await sql<Record<string, unknown>>`
    select r.title, r.servings, r.prep_time_sec, r.cook_time_sec, r.total_time_sec,
      (select coalesce(json_agg(c.name order by c.name), '[]') from recipe_categories rc
        join categories c on c.id = rc.category_id where rc.recipe_id = r.id) as categories,
      (select json_agg(json_build_object('name', i.name, 'grams', ri.amount_grams::float8,
        'readable', ri.amount_readable) order by ri.position) from recipe_ingredients ri
        join ingredients i on i.id = ri.ingredient_id where ri.recipe_id = r.id) as lines,
      (select json_agg(s.description order by s.step_number) from recipe_steps s where s.recipe_id = r.id) as steps,
      r.img is not null as pictured
    from recipes r where r.user_id = ${caller.id} order by r.title`.execute(db);
  const stores = await sql<Record<string, unknown>>`
    select st.name as store, sh.name as shelf, sh.position,
      (select json_agg(i.name order by i.name) from shelf_ingredients si
        join ingredients i on i.id = si.ingredient_id where si.shelf_id = sh.id) as ingredients
    from stores st join shelves sh on sh.store_id = st.id
    where st.user_id = ${caller.id} order by st.name, sh.position, sh.name`.execute(db);
  const listRows = await sql<{ id: number }>`
    select id from shopping_lists where user_id = ${caller.id} order by name`.execute(db);
  const lists = [];
  for (const { id } of listRows.rows) {
    const list = await getShoppingList(db, id, {}, caller);
    const storeName = list.store_id
      ? (await sql<{ name: string }>`select name from stores where id = ${list.store_id}`.execute(db)).rows[0]
          ?.name
      : null;
    lists.push({
      name: list.name,
      store: storeName,
      recipes: list.recipes.map((r) => ({ title: r.title, servings: r.servings })),
      sections: list.sections.map((s) => ({
        shelf: s.shelf ? { name: s.shelf.name, position: s.shelf.position } : null,
        items: s.items.map((i) => ({
          name: i.name,
          free_text: i.ingredient_id === null,
          amount_grams: i.amount_grams,
          amount_readable: i.amount_readable,
          checked: i.checked,
          recipes: i.recipe_ids.length,
        })),
      })),
    });
  }
  const plan = await sql<Record<string, unknown>>`
    select to_char(e.date, 'YYYY-MM-DD') as date, e.meal, r.title, e.servings, e.note
    from meal_plan_entries e join recipes r on r.id = e.recipe_id
    where e.user_id = ${caller.id} order by e.date, e.meal`.execute(db);
  return { recipes: recipes.rows, stores: stores.rows, lists, plan: plan.rows };
}

const callerOf = (user: TestUser): Caller => ({ id: user.id, username: user.username, role: user.role });

describe("POST /exports → POST /imports round trip", () => {
  let dir: string;
  let owner: TestUser;
  let archive: Buffer;
  let original: Awaited<ReturnType<typeof snapshot>>;
  const names = {
    own: unique("Leek"),
    shared: unique("Salt"),
    listOnly: unique("Oat milk"),
    shelfOnly: unique("Capers"),
    madeBy: unique("Stock"),
  };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "round-trip-test-"));
    owner = await makeUser();
    const other = await makeUser();
    const category = await makeCategory({ name: unique("Soups") });
    const own = await makeIngredient({ owner, name: names.own });
    const shared = await makeIngredient({ name: names.shared });
    // Another user's ingredients: one only on the owner's list (the bug), one only on a shelf.
    const listOnly = await makeIngredient({ owner: other, name: names.listOnly });
    const shelfOnly = await makeIngredient({ owner: other, name: names.shelfOnly });
    // The owner's ingredient, made by another user's recipe: that recipe is not the owner's to export.
    const theirRecipe = await makeRecipe(other, { title: unique("Their stock") });
    const madeBy = await makeIngredient({ owner, name: names.madeBy, recipe_id: theirRecipe.id });

    const recipe = await makeRecipe(owner, {
      title: unique("Leek soup"),
      servings: 2,
      prep_time_sec: 600,
      cook_time_sec: 1800,
      total_time_sec: 7200,
      category_ids: [category.id],
      ingredients: [
        { ingredient_id: own.id, amount_grams: 300, amount_readable: "2 leeks" },
        { ingredient_id: shared.id, amount_grams: 5, amount_readable: "1 tsp" },
      ],
      steps: [{ description: "Sweat the leeks." }, { description: "Simmer." }],
    });
    expect((await uploadPicture(`/recipes/${recipe.id}/image`, "jpeg", owner.token)).status).toBe(200);
    await makeRecipe(owner, { title: unique("Plain toast") });

    const store = await makeStore(owner, unique("Corner shop"));
    await makeShelf(owner, store.id, {
      name: "Produce",
      position: 1,
      ingredient_ids: [own.id, shelfOnly.id],
    });
    await makeShelf(owner, store.id, { name: "Spices", position: 0, ingredient_ids: [shared.id, madeBy.id] });

    const list = await makeList(owner, { name: unique("Week").slice(0, 80), store_id: store.id });
    const added = await api("POST", `/shopping-lists/${list.id}/recipes`, {
      token: owner.token,
      json: { recipe_id: recipe.id },
    });
    expect(added.status).toBe(200);
    const byHand = await postItem(list.id, owner.token, {
      ingredient_id: listOnly.id,
      amount_grams: 500,
      amount_readable: "500 ml",
    });
    expect(byHand.status).toBe(201);
    expect(
      (await postItem(list.id, owner.token, { name: "kitchen roll", amount_readable: "2 rolls" })).status,
    ).toBe(201);
    const salt = added.body.sections
      .flatMap((s: { items: { id: number; name: string }[] }) => s.items)
      .find((i: { name: string }) => i.name === names.shared);
    const checked = await api("PUT", `/shopping-lists/${list.id}/items/${salt.id}`, {
      token: owner.token,
      json: { checked: true },
    });
    expect(checked.status).toBe(200);
    await makeEntry(owner, {
      date: "2026-12-05",
      meal: "lunch",
      recipe_id: recipe.id,
      servings: 3,
      note: "Guests",
    });

    const exported = await api("POST", "/exports", { token: owner.token, json: { scope: "mine" } });
    expect(exported.status).toBe(201);
    archive = await download(exported.body.url);
    original = await snapshot(getDb(), callerOf(owner));
  }, 120_000);

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("the snapshot of the original holds what the test built", () => {
    expect(original.lists).toHaveLength(1);
    const items = original.lists[0]?.sections.flatMap((s) => s.items) ?? [];
    expect(items.map((i) => i.name).sort()).toEqual(
      ["kitchen roll", names.listOnly, names.own, names.shared].sort(),
    );
    expect(original.stores.map((s) => s.shelf)).toEqual(["Spices", "Produce"]);
    expect(original.plan).toHaveLength(1);
    expect(original.recipes.map((r) => r.total_time_sec).sort()).toEqual([7200, null]);
  });

  it("the archive holds every ingredient, category and recipe its rows refer to", async () => {
    const file = join(dir, "export.zip");
    await writeFile(file, archive);
    const reader = await ArchiveReader.open(file, IMPORT_LIMITS);
    try {
      const ingredients = await reader.rows("ingredients");
      const ingredientIds = new Set(ingredients.map((i) => i.id));
      const recipeIds = new Set((await reader.rows("recipes")).map((r) => r.id));
      const categoryIds = new Set((await reader.rows("categories")).map((c) => c.id));
      for (const table of ["recipe_ingredients", "shelf_ingredients", "shopping_list_items"] as const) {
        for (const row of await reader.rows(table)) {
          if (row.ingredient_id != null) expect(ingredientIds, `${table}`).toContain(row.ingredient_id);
        }
      }
      for (const row of await reader.rows("recipe_categories"))
        expect(categoryIds).toContain(row.category_id);
      for (const row of ingredients) if (row.recipe_id != null) expect(recipeIds).toContain(row.recipe_id);
      expect(ingredients.map((i) => i.name).sort()).toEqual(Object.values(names).sort());
    } finally {
      reader.close();
    }
  });

  it("imports into a new account of the same instance, everything as it was", async () => {
    const bob = await makeUser();
    const key = await uploadArchive(bob.token, archive);
    const res = await api("POST", "/imports", { token: bob.token, json: { key } });
    expect(res.body.detail ?? null).toBeNull();
    expect(res.status).toBe(200);
    expect(res.body.counts).toEqual({
      categories: 0,
      categories_matched: 1,
      recipes: 2,
      ingredients: 0,
      ingredients_matched: 5,
      stores: 1,
      shelves: 2,
      shopping_lists: 1,
      shopping_list_items: 4,
      meal_plan_entries: 1,
      pictures: 2,
    });
    expect(res.body.warnings).toEqual([]);
    expect(await snapshot(getDb(), callerOf(bob))).toEqual(original);
  });

  describe("into a fresh database and bucket (another instance)", () => {
    let fresh: FreshDatabase;
    beforeAll(async () => {
      fresh = await freshDatabase();
    }, 60_000);
    afterAll(async () => {
      await fresh?.close();
    });

    it("imports into a new account there, everything as it was, the foreign made-by link dropped", async () => {
      const bucket = await freshBucket();
      const user = await insertUser(fresh.db, {
        username: "newcomer",
        email: "newcomer@example.com",
        password_hash: "x",
        role: "admin",
      });
      const caller: Caller = { id: user.id, username: user.username, role: user.role };
      const file = join(dir, "import.zip");
      await writeFile(file, archive);
      const reader = await ArchiveReader.open(file, IMPORT_LIMITS);
      let result: Awaited<ReturnType<typeof importArchive>>;
      try {
        result = await importArchive(fresh.db, bucket, reader, caller);
      } finally {
        reader.close();
      }
      expect(result.counts).toEqual({
        categories: 1,
        categories_matched: 0,
        recipes: 2,
        ingredients: 5,
        ingredients_matched: 0,
        stores: 1,
        shelves: 2,
        shopping_lists: 1,
        shopping_list_items: 4,
        meal_plan_entries: 1,
        pictures: 2,
      });
      expect(result.warnings).toEqual([]);
      expect(await snapshot(fresh.db, caller)).toEqual(original);
      const madeBy = await sql<{ user_id: number; recipe_id: number | null }>`
        select user_id, recipe_id from ingredients where name = ${names.madeBy}`.execute(fresh.db);
      expect(madeBy.rows).toEqual([{ user_id: caller.id, recipe_id: null }]);
    });
  });
});

describe("a household member's store, recipes and meals in one's own rows (issue 36)", () => {
  it("are carried by a 'mine' export and read back: the list follows the store, holds the recipe, the plan names it", async () => {
    const owner = await makeUser();
    const member = await makeUser();
    const household = await makeHousehold(owner, [member]);
    const names = { store: unique("Their market"), stew: unique("Their stew"), pie: unique("Their pie") };
    const carrot = await makeIngredient({ owner: member, name: unique("Carrot") });
    const store = await makeStore(member, names.store);
    await makeShelf(member, store.id, { name: "Veg", position: 0, ingredient_ids: [carrot.id] });
    const stew = await makeRecipe(member, {
      title: names.stew,
      servings: 4,
      category_ids: [(await makeCategory({ name: unique("Stews") })).id],
      ingredients: [{ ingredient_id: carrot.id, amount_grams: 200, amount_readable: "2 carrots" }],
      steps: [{ description: "Stew." }],
    });
    const pie = await makeRecipe(member, { title: names.pie, servings: 2 });
    const list = await makeList(owner, { store_id: store.id, household_id: household.id });
    const added = await api("POST", `/shopping-lists/${list.id}/recipes`, {
      token: owner.token,
      json: { recipe_id: stew.id },
    });
    expect(added.status).toBe(200);
    await makeEntry(owner, {
      date: "2026-12-06",
      meal: "dinner",
      recipe_id: pie.id,
      household_id: household.id,
    });

    const exported = await api("POST", "/exports", { token: owner.token, json: { scope: "mine" } });
    expect(exported.status).toBe(201);
    const archive = await download(exported.body.url);
    const bob = await makeUser();
    const key = await uploadArchive(bob.token, archive);
    const res = await api("POST", "/imports", { token: bob.token, json: { key } });
    expect(res.status).toBe(200);
    expect(res.body.warnings).toEqual([]);
    expect(res.body.counts).toMatchObject({
      recipes: 2,
      stores: 1,
      shelves: 1,
      shopping_lists: 1,
      meal_plan_entries: 1,
    });

    const lists = await api("GET", "/shopping-lists/", { token: bob.token });
    const [copy] = lists.body.items;
    const read = await api("GET", `/shopping-lists/${copy.id}`, { token: bob.token });
    const followed = await api("GET", `/stores/${read.body.store_id}`);
    expect(followed.body.name).toBe(names.store);
    expect(read.body.recipes.map((r: { title: string }) => r.title)).toEqual([names.stew]);
    expect(read.body.sections).toEqual([
      expect.objectContaining({
        shelf: expect.objectContaining({ name: "Veg" }),
        items: [expect.objectContaining({ amount_grams: 200 })],
      }),
    ]);
    const plan = await api("GET", "/meal-plan/?from=2026-12-01&to=2026-12-07", { token: bob.token });
    expect(plan.body.items.map((e: { title: string }) => e.title)).toEqual([names.pie]);
  });
});

/**
 * The migration to one name per ingredient and category (migrations/2026-11-25T0100-one-name.ts), run
 * on a database that holds twins: nothing they were used by is lost, and the names are unique ignoring
 * case and plural from then on.
 */
import { type Kysely, sql } from "kysely";
import { Migrator } from "kysely/migration";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "../../core/db.ts";
import { migrationProvider } from "../../migrations/index.ts";
import { type FreshDatabase, freshDatabase } from "../fixtures/archives/helpers.ts";

const BEFORE = "2026-11-24T0500-recipe-title-words";

let fresh: FreshDatabase;
// biome-ignore lint/suspicious/noExplicitAny: the rows are written in the schema before the migration
let db: Kysely<any>;
const ids: Record<string, number> = {};

// biome-ignore lint/suspicious/noExplicitAny: see db
async function insert(db: Kysely<any>, table: string, values: Record<string, unknown>): Promise<number> {
  const row = await db.insertInto(table).values(values).returning("id").executeTakeFirstOrThrow();
  return row.id as number;
}

beforeAll(async () => {
  fresh = await freshDatabase((db) => new Migrator({ db, provider: migrationProvider }).migrateTo(BEFORE));
  db = fresh.db;
  const user = await insert(db, "users", { username: "cook", email: "cook@example.com", password_hash: "x" });
  for (const [key, name, extra] of [
    ["egg", "Egg", {}],
    ["eggs", "eggs", { grams_per_piece: 50, description: "Hen's eggs", img: "ingredients/eggs.jpg" }],
    ["tomato", "Tomato", { img: "ingredients/tomato.jpg" }],
    ["tomatoes", "Tomatoes", { img: "ingredients/tomatoes.jpg", preview_img: "ingredients/tomatoes-p.jpg" }],
    ["berries", "Berries", {}],
  ] as const) {
    ids[key] = await insert(db, "ingredients", { name, user_id: user, ...extra });
  }
  ids.soup = await insert(db, "categories", { name: "Soup" });
  ids.soups = await insert(db, "categories", { name: "Soups", description: "Warming bowls" });
  ids.r1 = await insert(db, "recipes", { user_id: user, title: "Omelette" });
  ids.r2 = await insert(db, "recipes", { user_id: user, title: "Shakshuka" });
  const line = (recipe: number, ingredient: number, position: number, readable: string, grams: number) =>
    insert(db, "recipe_ingredients", {
      recipe_id: recipe,
      ingredient_id: ingredient,
      position,
      amount_readable: readable,
      amount_grams: grams,
    });
  await line(ids.r1, ids.egg as number, 0, "1", 50);
  await line(ids.r1, ids.eggs as number, 1, "2", 100);
  await line(ids.r2, ids.eggs as number, 0, "3", 150);
  await line(ids.r2, ids.tomato as number, 1, "2", 300);
  await line(ids.r1, ids.tomatoes as number, 2, "1", 150);
  for (const [recipe, category] of [
    [ids.r1, ids.soup],
    [ids.r1, ids.soups],
    [ids.r2, ids.soups],
  ]) {
    await db.insertInto("recipe_categories").values({ recipe_id: recipe, category_id: category }).execute();
  }
  ids.list = await insert(db, "shopping_lists", { user_id: user, name: "Saturday" });
  const item = (ingredient: number, name: string, grams: number, readable: string, checked = false) =>
    insert(db, "shopping_list_items", {
      list_id: ids.list,
      ingredient_id: ingredient,
      name,
      amount_grams: grams,
      amount_readable: readable,
      checked,
    });
  ids.eggItem = await item(ids.egg as number, "Egg", 50, "1 egg");
  ids.eggsItem = await item(ids.eggs as number, "eggs", 100, "2 eggs");
  ids.boughtEggItem = await item(ids.egg as number, "Egg", 50, "1 egg", true);
  await insert(db, "shopping_list_item_parts", {
    item_id: ids.eggItem,
    recipe_id: ids.r1,
    amount_grams: 50,
    amount_readable: "1 egg",
  });
  await insert(db, "shopping_list_item_parts", {
    item_id: ids.eggsItem,
    amount_grams: 100,
    amount_readable: "2 eggs",
  });
  ids.store = await insert(db, "stores", { name: "Market" });
  ids.store2 = await insert(db, "stores", { name: "Corner" });
  ids.fresh = await insert(db, "shelves", { store_id: ids.store, name: "Fresh", position: 0 });
  ids.dairy = await insert(db, "shelves", { store_id: ids.store, name: "Dairy", position: 1 });
  ids.corner = await insert(db, "shelves", { store_id: ids.store2, name: "All", position: 0 });
  await db
    .insertInto("shelf_ingredients")
    .values([
      { shelf_id: ids.fresh, store_id: ids.store, ingredient_id: ids.egg },
      { shelf_id: ids.dairy, store_id: ids.store, ingredient_id: ids.eggs },
      { shelf_id: ids.corner, store_id: ids.store2, ingredient_id: ids.egg },
    ])
    .execute();
  await migrateToLatest(db);
});

afterAll(() => fresh.close());

const names = async (table: string) =>
  (await db.selectFrom(table).select("name").orderBy("name").execute()).map((r) => r.name);

describe("the one-name migration", () => {
  it("keeps of each pair of twins the one used most, then the oldest", async () => {
    // eggs: 2 recipe lines + 1 item; Egg: 1 line + 2 items → a tie at 3, the older Egg stays.
    expect(await names("ingredients")).toEqual(["Berries", "Egg", "Tomato"]);
    expect(await names("categories")).toEqual(["Soups"]);
  });

  it("moves every recipe line to the kept ingredient, keeping both lines of one recipe", async () => {
    const lines = await db
      .selectFrom("recipe_ingredients")
      .select(["recipe_id", "ingredient_id", "amount_grams", "amount_readable"])
      .orderBy("recipe_id")
      .orderBy("position")
      .execute();
    expect(lines).toEqual([
      { recipe_id: ids.r1, ingredient_id: ids.egg, amount_grams: 50, amount_readable: "1" },
      { recipe_id: ids.r1, ingredient_id: ids.egg, amount_grams: 100, amount_readable: "2" },
      { recipe_id: ids.r1, ingredient_id: ids.tomato, amount_grams: 150, amount_readable: "1" },
      { recipe_id: ids.r2, ingredient_id: ids.egg, amount_grams: 150, amount_readable: "3" },
      { recipe_id: ids.r2, ingredient_id: ids.tomato, amount_grams: 300, amount_readable: "2" },
    ]);
  });

  it("joins the unchecked list items into one, with both parts, and moves the bought one", async () => {
    const items = await db
      .selectFrom("shopping_list_items")
      .select(["id", "ingredient_id", "name", "amount_grams", "amount_readable", "checked"])
      .orderBy("id")
      .execute();
    expect(items).toEqual([
      {
        id: ids.eggItem,
        ingredient_id: ids.egg,
        name: "Egg",
        amount_grams: 150,
        amount_readable: "1 egg + 2 eggs",
        checked: false,
      },
      {
        id: ids.boughtEggItem,
        ingredient_id: ids.egg,
        name: "Egg",
        amount_grams: 50,
        amount_readable: "1 egg",
        checked: true,
      },
    ]);
    const parts = await db
      .selectFrom("shopping_list_item_parts")
      .select(["item_id", "amount_grams"])
      .execute();
    expect(parts.map((p) => p.item_id)).toEqual([ids.eggItem, ids.eggItem]);
  });

  it("keeps the kept one's shelf in a store and moves the twin's places elsewhere", async () => {
    const places = await db
      .selectFrom("shelf_ingredients")
      .select(["shelf_id", "ingredient_id"])
      .orderBy("shelf_id")
      .execute();
    expect(places).toEqual([
      { shelf_id: ids.fresh, ingredient_id: ids.egg },
      { shelf_id: ids.corner, ingredient_id: ids.egg },
    ]);
  });

  it("fills what the kept row lacks from its twin, a picture with its own preview", async () => {
    const egg = await db
      .selectFrom("ingredients")
      .selectAll()
      .where("id", "=", ids.egg)
      .executeTakeFirstOrThrow();
    expect(egg).toMatchObject({
      grams_per_piece: 50,
      description: "Hen's eggs",
      img: "ingredients/eggs.jpg",
    });
    const tomato = await db
      .selectFrom("ingredients")
      .selectAll()
      .where("id", "=", ids.tomato)
      .executeTakeFirstOrThrow();
    expect(tomato).toMatchObject({ img: "ingredients/tomato.jpg", preview_img: null });
  });

  it("moves the recipe links of a category without doubling one", async () => {
    const links = await db
      .selectFrom("recipe_categories")
      .select(["recipe_id", "category_id"])
      .orderBy("recipe_id")
      .execute();
    expect(links).toEqual([
      { recipe_id: ids.r1, category_id: ids.soups },
      { recipe_id: ids.r2, category_id: ids.soups },
    ]);
  });

  it("refuses a new twin from then on, ignoring case and plural", async () => {
    for (const name of ["EGGS", "tomatoes", "berry", "  Berries "]) {
      await expect(db.insertInto("ingredients").values({ name }).execute()).rejects.toMatchObject({
        constraint: "ingredients_name_key",
      });
    }
    await expect(db.insertInto("categories").values({ name: "soup" }).execute()).rejects.toMatchObject({
      constraint: "categories_name_key",
    });
  });

  it("reads names the way a cook would: each word singular, case and spaces ignored", async () => {
    const keys = await sql<{ key: string }>`
      select name_key(n) as key from unnest(${[
        "Eggs",
        "Berries",
        "Peaches",
        "Tomatoes",
        "Green  Onions",
        "Hummus",
        "Asparagus",
        "Molasses",
        "Swiss chard",
        "Quick Meals",
        "Bay leaves",
        "Oats",
        "Peas",
      ]}::text[]) with ordinality as t(n, i) order by i`.execute(db);
    expect(keys.rows.map((r) => r.key)).toEqual([
      "egg",
      "berry",
      "peach",
      "tomato",
      "green onion",
      "hummus",
      "asparagus",
      "molasses",
      "swiss chard",
      "quick meal",
      "bay leaf",
      "oats",
      "pea",
    ]);
  });
});

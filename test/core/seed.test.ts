/**
 * The development data, in the order `npm run dev` seeds it: accounts, the catalogue (owned by
 * dev-admin; a second run changes nothing), then a dozen recipes by both accounts. One file, so that
 * on a shared PostgreSQL no other seeding races these assertions.
 */
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../core/db.ts";
import { seedAccounts } from "../../core/seed/accounts.ts";
import { SEED_CATEGORIES, SEED_INGREDIENTS, SEED_STORES, seedCatalogue } from "../../core/seed/catalogue.ts";
import { seedRecipes } from "../../core/seed/recipes.ts";
import { findUserByLogin } from "../../core/user/repository.ts";
import { api } from "../helpers/api.ts";

// seedAccounts itself tolerates another test file seeding the accounts at the same moment.
beforeAll(() => seedAccounts(getDb()));

/** Everything the seed owns, with updated_at, so a second run that touched anything would show. */
async function snapshot() {
  const db = getDb();
  const lower = (names: readonly string[]) => names.map((n) => n.toLowerCase());
  const categories = await db
    .selectFrom("categories")
    .select(["id", "name", "updated_at"])
    .where(sql<string>`lower(name)`, "in", lower(SEED_CATEGORIES.map((c) => c.name)))
    .orderBy("id")
    .execute();
  const ingredients = await db
    .selectFrom("ingredients")
    .select(["id", "name", "user_id", "updated_at"])
    .where(sql<string>`lower(name)`, "in", lower(SEED_INGREDIENTS))
    .orderBy("id")
    .execute();
  const stores = await db
    .selectFrom("stores")
    .select(["id", "name", "user_id", "updated_at"])
    .where(
      "name",
      "in",
      SEED_STORES.map((s) => s.name),
    )
    .orderBy("id")
    .execute();
  const shelves = await db
    .selectFrom("shelves")
    .innerJoin("shelf_ingredients as si", "si.shelf_id", "shelves.id")
    .select(["shelves.id", "shelves.position", "shelves.updated_at", "si.ingredient_id"])
    .where("shelves.store_id", "in", stores.length ? stores.map((s) => s.id) : [0])
    .orderBy("shelves.id")
    .orderBy("si.ingredient_id")
    .execute();
  return { categories, ingredients, stores, shelves };
}

describe("seedCatalogue", () => {
  it("seeds categories, ingredients and two stores with shelves, once", async () => {
    const admin = await findUserByLogin(getDb(), "dev-admin");
    // Test files share the database: another may have made an ingredient of a seeded name already
    // (an import creates `Flour`), and the seed leaves such a row as it is.
    const existing = new Set((await snapshot()).ingredients.map((i) => i.id));
    await seedCatalogue(getDb());
    const first = await snapshot();
    expect(first.categories).toHaveLength(SEED_CATEGORIES.length);
    expect(first.ingredients).toHaveLength(SEED_INGREDIENTS.length);
    const made = first.ingredients.filter((i) => !existing.has(i.id));
    expect(made.every((i) => i.user_id === admin?.id)).toBe(true);
    expect(first.stores).toHaveLength(2);
    expect(first.shelves.length).toBeGreaterThan(10);

    await seedCatalogue(getDb());
    expect(await snapshot()).toEqual(first);
  });

  it("shows through the API: shelves in walking order, and where flour can be found", async () => {
    await seedCatalogue(getDb());
    const { stores } = await snapshot();
    const market = stores.find((s) => s.name === "Riverside Market");
    const shelves = await api("GET", `/stores/${market?.id}/shelves`);
    expect(shelves.body.items.map((s: { name: string }) => s.name)).toEqual(
      SEED_STORES[0]?.shelves.map((s) => s.name),
    );
    const flour = (await api("GET", "/ingredients?q=flour")).body.items.find(
      (i: { name: string }) => i.name === "Flour",
    );
    const where = await api("GET", `/ingredients/${flour.id}/stores`);
    expect(
      where.body.items.map((s: { name: string; shelf: { name: string } }) => [s.name, s.shelf.name]),
    ).toEqual([
      ["Corner Grocer", "Middle: pantry"],
      ["Riverside Market", "Aisle 4: baking"],
    ]);
  });
});

describe("seedRecipes", () => {
  it("seeds a dozen recipes once, reusing catalogue rows whatever their case", async () => {
    const db = getDb();
    // A catalogue row that already exists with another case is reused, not duplicated.
    await db
      .insertInto("ingredients")
      .values({ name: "FLOUR", user_id: null })
      .onConflict((oc) => oc.doNothing())
      .execute();
    await seedRecipes(db);
    await seedRecipes(db);

    const users = await db
      .selectFrom("users")
      .select(["id", "username"])
      .where("username", "in", ["dev-user", "dev-admin"])
      .execute();
    const recipes = await db
      .selectFrom("recipes")
      .select(["id", "title", "user_id"])
      .where(
        "user_id",
        "in",
        users.map((u) => u.id),
      )
      .execute();
    expect(recipes.length).toBe(12);
    expect(new Set(recipes.map((r) => r.user_id)).size).toBe(2);
    const flours = await db
      .selectFrom("ingredients")
      .select("id")
      .where((eb) => eb(eb.fn("lower", ["name"]), "=", "flour"))
      .execute();
    expect(flours).toHaveLength(1);

    const dough = recipes.find((r) => r.title === "Pizza dough");
    const pizza = recipes.find((r) => r.title === "Pizza margherita");
    const doughIngredient = await db
      .selectFrom("ingredients")
      .select(["id", "recipe_id"])
      .where("name", "=", "Pizza dough")
      .executeTakeFirstOrThrow();
    expect(doughIngredient.recipe_id).toBe(dough?.id);
    const read = await api("GET", `/recipes/${pizza?.id}`);
    expect(read.body.ingredients[0]).toMatchObject({
      ingredient_id: doughIngredient.id,
      name: "Pizza dough",
    });
    expect(read.body.steps.length).toBeGreaterThan(1);
    const search = await api("GET", "/recipes?q=pancakes");
    expect(search.body.items.map((r: { title: string }) => r.title)).toContain("Pancakes");
  });
});

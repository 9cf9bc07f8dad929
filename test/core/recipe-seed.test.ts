/** The development recipes: a dozen, by both accounts, idempotent, with the dough as an ingredient of the pizza. */
import { describe, expect, it } from "vitest";
import { getDb } from "../../core/db.ts";
import { seedAccounts } from "../../core/seed/accounts.ts";
import { seedRecipes } from "../../core/seed/recipes.ts";
import { api } from "../helpers/api.ts";

describe("seedRecipes", () => {
  it("seeds a dozen recipes once, reusing catalogue rows whatever their case", async () => {
    const db = getDb();
    await seedAccounts(db);
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

/**
 * Recipe writes in few round trips, whatever the length of the lists: a create is one statement that
 * writes the row, its lists and its search vector, the revision 1 of its history and the read back, in
 * a transaction (no revision without its recipe); an update is the lock, that one statement, its
 * revision and the read back, in a transaction. The lists written are exactly the ones given.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Caller } from "../../core/auth/caller.ts";
import { getDb, transaction } from "../../core/db.ts";
import { createRecipe, listRecipes, updateRecipe } from "../../core/recipe/service.ts";
import { makeCategory, makeIngredient, makeUser, type TestUser, unique } from "../helpers/factories.ts";
import { childCounts } from "../helpers/rows.ts";

const asCaller = (user: TestUser): Caller => ({ id: user.id, username: user.username, role: user.role });

/**
 * Counts the SQL statements Kysely sends, inside transactions too (each transaction gets its own
 * executor of the same class). BEGIN and COMMIT go to the driver directly and are not counted.
 */
function countStatements() {
  const prototype = Object.getPrototypeOf(getDb().getExecutor());
  const spy = vi.spyOn(prototype, "executeQuery");
  return { statements: () => spy.mock.calls.map((call) => (call[0] as { sql: string }).sql) };
}

afterEach(() => {
  vi.restoreAllMocks();
});

async function catalogue(lines: number, categories: number) {
  const ingredients = [];
  for (let i = 0; i < lines; i += 1)
    ingredients.push(await makeIngredient({ name: `${unique("ingredient")} ${i}` }));
  const cats = [];
  for (let i = 0; i < categories; i += 1) cats.push(await makeCategory());
  return { ingredients, categories: cats };
}

const line = (ingredient: { id: number }, grams: number) => ({
  ingredient_id: ingredient.id,
  amount_grams: grams,
  amount_readable: `${grams} g`,
});

describe("recipe writes", () => {
  it("a create with every list is three statements in one transaction: write everything, keep revision 1, read it back", async () => {
    const user = await makeUser();
    const { ingredients, categories } = await catalogue(8, 2);
    const count = countStatements();
    const transactions = vi.spyOn(getDb(), "transaction");
    const recipe = await createRecipe(
      getDb(),
      {
        title: "Counted stew",
        category_ids: categories.map((c) => c.id),
        ingredients: ingredients.map((i, n) => line(i, n + 1)),
        steps: Array.from({ length: 6 }, (_, n) => ({ description: `Step ${n + 1}.` })),
      },
      asCaller(user),
    );
    expect(count.statements()).toHaveLength(3);
    expect(count.statements()[1]).toContain("insert into recipe_revisions");
    expect(transactions).toHaveBeenCalledTimes(1);
    expect(recipe.ingredients.map((l) => l.ingredient_id)).toEqual(ingredients.map((i) => i.id));
    expect(recipe.steps.map((s) => s.step_number)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(await childCounts(recipe.id)).toEqual({ ingredients: 8, steps: 6, categories: 2 });
  });

  it("in a transaction the caller opened, a missing id is found before anything is written, and the transaction goes on", async () => {
    const user = await makeUser();
    const category = await makeCategory();
    const kept = await transaction(getDb(), async (trx) => {
      await expect(
        createRecipe(trx, { title: "Refused", category_ids: [category.id, 2_000_000_001] }, asCaller(user)),
      ).rejects.toThrow("Category ID 2000000001 was not found.");
      // A failed statement would have aborted the transaction; this one still writes.
      return createRecipe(trx, { title: "Kept", category_ids: [category.id] }, asCaller(user));
    });
    const titles = await getDb()
      .selectFrom("recipes")
      .select("title")
      .where("user_id", "=", user.id)
      .execute();
    expect(titles).toEqual([{ title: "Kept" }]);
    expect(await childCounts(kept.id)).toEqual({ ingredients: 0, steps: 0, categories: 1 });
  });

  it("an update of every list is four statements: lock, write, keep its revision, read back", async () => {
    const user = await makeUser();
    const [a, b, c] = [await makeIngredient(), await makeIngredient(), await makeIngredient()];
    const [x, y, z] = [await makeCategory(), await makeCategory(), await makeCategory()];
    const recipe = await createRecipe(
      getDb(),
      {
        title: "Before",
        category_ids: [x.id, y.id],
        ingredients: [line(a, 1), line(b, 2)],
        steps: [{ description: "One." }, { description: "Two." }, { description: "Three." }],
      },
      asCaller(user),
    );
    const count = countStatements();
    const updated = await updateRecipe(
      getDb(),
      recipe.id,
      {
        title: "After",
        category_ids: [z.id, y.id, z.id],
        ingredients: [line(c, 3), line(a, 4), line(b, 5)],
        steps: [{ description: "Only." }],
      },
      asCaller(user),
    );
    expect(count.statements()).toHaveLength(4);
    expect(count.statements()[2]).toContain("insert into recipe_revisions");
    // Longer, shorter and overlapping lists all end up exactly as given.
    expect(updated.ingredients.map((l) => [l.ingredient_id, l.amount_grams])).toEqual([
      [c.id, 3],
      [a.id, 4],
      [b.id, 5],
    ]);
    expect(updated.steps).toEqual([{ step_number: 1, description: "Only.", timers: [] }]);
    expect(updated.categories.map((cat) => cat.id).sort()).toEqual([y.id, z.id].sort());
    expect(await childCounts(recipe.id)).toEqual({ ingredients: 3, steps: 1, categories: 2 });

    const shorter = await updateRecipe(getDb(), recipe.id, { ingredients: [line(b, 6)] }, asCaller(user));
    expect(shorter.ingredients.map((l) => [l.ingredient_id, l.amount_grams])).toEqual([[b.id, 6]]);
    expect(shorter.title).toBe("After");
  });

  it("an update in a transaction the caller opened checks the ids first, and the transaction goes on", async () => {
    const user = await makeUser();
    const recipe = await createRecipe(getDb(), { title: "Before" }, asCaller(user));
    await transaction(getDb(), async (trx) => {
      await expect(
        updateRecipe(
          trx,
          recipe.id,
          { ingredients: [{ ingredient_id: 2_000_000_000, amount_grams: 1, amount_readable: "1" }] },
          asCaller(user),
        ),
      ).rejects.toThrow("Ingredient ID 2000000000 was not found.");
      await updateRecipe(trx, recipe.id, { title: "After" }, asCaller(user));
    });
    const row = await getDb()
      .selectFrom("recipes")
      .select("title")
      .where("id", "=", recipe.id)
      .executeTakeFirst();
    expect(row).toEqual({ title: "After" });
  });

  it("the search vector follows the title, description and ingredient names written in the same statement", async () => {
    const user = await makeUser();
    const word = () =>
      `zq${Math.random()
        .toString(36)
        .replace(/[^a-z]/g, "")
        .slice(0, 10)}`;
    const [inTitle, inDescription, inName, later] = [word(), word(), word(), word()];
    const named = await makeIngredient({ name: `${inName} ${unique("x")}` });
    const plain = await makeIngredient();
    const recipe = await createRecipe(
      getDb(),
      { title: `Soup ${inTitle}`, description: `With ${inDescription}.`, ingredients: [line(named, 1)] },
      asCaller(user),
    );
    const found = async (q: string) =>
      (await listRecipes(getDb(), { q, limit: 20 })).items.map((item) => item.id);
    for (const q of [inTitle, inDescription, inName]) expect(await found(q)).toEqual([recipe.id]);

    await updateRecipe(getDb(), recipe.id, { ingredients: [line(plain, 1)] }, asCaller(user));
    expect(await found(inName)).toEqual([]);
    expect(await found(inTitle)).toEqual([recipe.id]);
    await updateRecipe(getDb(), recipe.id, { description: later }, asCaller(user));
    expect(await found(inDescription)).toEqual([]);
    expect(await found(later)).toEqual([recipe.id]);
    // A change that touches no searched text keeps the vector.
    await updateRecipe(getDb(), recipe.id, { servings: 2 }, asCaller(user));
    expect(await found(inTitle)).toEqual([recipe.id]);
  });
});

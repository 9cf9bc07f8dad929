/**
 * Catalogue rows for recipe tests, inserted with SQL so these tests do not depend on the
 * category and ingredient services, plus a recipe factory that goes through the recipe service.
 */
import { sql } from "kysely";
import type { Caller } from "../../core/auth/caller.ts";
import { getDb } from "../../core/db.ts";
import type { RecipeCreate, RecipeRead } from "../../core/recipe/schemas.ts";
import { createRecipe } from "../../core/recipe/service.ts";
import { type TestUser, unique } from "./factories.ts";

/** An ingredient with a unique name (the name may carry a searchable word). */
export async function makeIngredient(name = unique("ingredient")): Promise<{ id: number; name: string }> {
  const row = await sql<{ id: number }>`insert into ingredients (name) values (${name}) returning id`.execute(
    getDb(),
  );
  return { id: row.rows[0]?.id as number, name };
}

export async function makeCategory(name = unique("category")): Promise<{ id: number; name: string }> {
  const row = await sql<{ id: number }>`insert into categories (name) values (${name}) returning id`.execute(
    getDb(),
  );
  return { id: row.rows[0]?.id as number, name };
}

const asCaller = (user: TestUser): Caller => ({ id: user.id, username: user.username, role: user.role });

/** A recipe owned by `owner`, created through the service. */
export async function makeRecipe(owner: TestUser, input: Partial<RecipeCreate> = {}): Promise<RecipeRead> {
  return createRecipe(getDb(), { title: unique("recipe"), ...input }, asCaller(owner));
}

/** Row counts of a recipe's children, to check that nothing half-written is left. */
export async function childCounts(recipeId: number) {
  const count = async (table: "recipe_ingredients" | "recipe_steps" | "recipe_categories") => {
    const row = await getDb()
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("recipe_id", "=", recipeId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  return {
    ingredients: await count("recipe_ingredients"),
    steps: await count("recipe_steps"),
    categories: await count("recipe_categories"),
  };
}

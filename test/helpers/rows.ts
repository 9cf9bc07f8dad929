/** What is in the database afterwards, read straight from the tables. */
import { getDb } from "../../core/db.ts";

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

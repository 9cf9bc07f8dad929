/** What is in the database afterwards, read straight from the tables. */
import type { Kysely, Selectable } from "kysely";
import { type Database, getDb } from "../../core/db.ts";

/** The tables whose rows have an `id`. */
type TableWithId = { [T in keyof Database]: "id" extends keyof Database[T] ? T : never }[keyof Database];

/** A row of `table` by its id, every column as stored; undefined when there is none. */
export function rowById<T extends TableWithId>(
  table: T,
  id: number,
): Promise<Selectable<Database[T]> | undefined> {
  // One query for every such table: Kysely's types cannot follow a table name that is a type parameter.
  const db = getDb() as unknown as Kysely<{ [name: string]: { id: number } }>;
  return db
    .selectFrom(table as string)
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirst() as Promise<Selectable<Database[T]> | undefined>;
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

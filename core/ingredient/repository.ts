/** SQL for ingredients. */
import { type Insertable, sql, type Updateable } from "kysely";
import type { Db } from "../db.ts";
import { withIsoDates } from "../timestamps.ts";
import type { IngredientsTable } from "./table.ts";

const ingredientColumns = [
  "id",
  "user_id",
  "name",
  "description",
  "recipe_id",
  "grams_per_ml",
  "grams_per_piece",
  "img",
  "preview_img",
  "created_at",
  "updated_at",
] as const;

// Accent folding with translate(): plain SQL that behaves the same on PGlite and PostgreSQL, with
// no extension to install (unaccent is not there by default). Covers the accented Latin letters that
// decompose into one base letter; the query text is folded the same way in JavaScript.
const ACCENTED =
  "ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöùúûüýÿĀāĂăĄąĆćČčĎďĒēĖėĘęĚěĞğĪīĮįŁłŃńŇňŌōŐőŘřŚśŞşŠšŤťŪūŮůŰűŹźŻżŽž";
const fold = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "");
const PLAIN = [...ACCENTED].map((ch) => (fold(ch).length === 1 ? fold(ch) : ch)).join("");

/** The text search folds: case (in SQL, so both sides use one rule) and accents. */
export const foldSearchText = (text: string) => fold(text);

const escapeLike = (text: string) => text.replace(/[\\%_]/g, "\\$&");

export async function findIngredientById(db: Db, id: number) {
  const row = await db
    .selectFrom("ingredients")
    .select(ingredientColumns)
    .where("id", "=", id)
    .executeTakeFirst();
  return row && withIsoDates(row);
}

/** Locks the row until the transaction ends, so a concurrent delete or rename waits. */
export async function findIngredientByIdForUpdate(db: Db, id: number) {
  const row = await db
    .selectFrom("ingredients")
    .select(ingredientColumns)
    .where("id", "=", id)
    .forUpdate()
    .executeTakeFirst();
  return row && withIsoDates(row);
}

/**
 * One page in (name, id) order after the given key. With `q`, names that start with it or have a
 * word that does (after a space, hyphen, slash or parenthesis), ignoring case and accents.
 */
export async function selectIngredients(
  db: Db,
  page: { limit: number; after?: readonly [string, number]; q?: string },
) {
  let query = db.selectFrom("ingredients").select(ingredientColumns);
  const { after, q } = page;
  if (q) {
    const needle = escapeLike(foldSearchText(q));
    const patterns = [`${needle}%`, ...[" ", "-", "/", "("].map((sep) => `%${sep}${needle}%`)];
    query = query.where(
      sql<boolean>`lower(translate(name, ${ACCENTED}, ${PLAIN})) like any (array[${sql.join(
        patterns.map((p) => sql`lower(${p})`),
      )}])`,
    );
  }
  if (after) query = query.where((eb) => eb(eb.refTuple("name", "id"), ">", eb.tuple(after[0], after[1])));
  return (await query.orderBy("name").orderBy("id").limit(page.limit).execute()).map(withIsoDates);
}

export async function insertIngredient(db: Db, values: Insertable<IngredientsTable>) {
  return withIsoDates(
    await db.insertInto("ingredients").values(values).returning(ingredientColumns).executeTakeFirstOrThrow(),
  );
}

export async function updateIngredientById(db: Db, id: number, values: Updateable<IngredientsTable>) {
  return withIsoDates(
    await db
      .updateTable("ingredients")
      .set(values)
      .where("id", "=", id)
      .returning(ingredientColumns)
      .executeTakeFirstOrThrow(),
  );
}

export async function deleteIngredientById(db: Db, id: number) {
  await db.deleteFrom("ingredients").where("id", "=", id).execute();
}

/** How many distinct recipes use the ingredient. */
export async function countRecipesUsingIngredient(db: Db, ingredientId: number): Promise<number> {
  const row = await db
    .selectFrom("recipe_ingredients")
    .select((eb) => eb.fn.count<number>("recipe_id").distinct().as("count"))
    .where("ingredient_id", "=", ingredientId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function recipeExists(db: Db, recipeId: number): Promise<boolean> {
  const row = await db.selectFrom("recipes").select("id").where("id", "=", recipeId).executeTakeFirst();
  return row !== undefined;
}

export type IngredientRow = NonNullable<Awaited<ReturnType<typeof findIngredientById>>>;

/** Catalogue test data (categories, ingredients, stores, shelves) made through the services, with unique names. */
import { HeadObjectCommand } from "@aws-sdk/client-s3";
import { sql } from "kysely";
import { createCategory } from "../../core/category/service.ts";
import { config } from "../../core/config.ts";
import { getDb } from "../../core/db.ts";
import { createIngredient } from "../../core/ingredient/service.ts";
import { createShelf } from "../../core/shelf/service.ts";
import { getStorage, publicUrl, putPublicObject } from "../../core/storage.ts";
import { createStore } from "../../core/store/service.ts";
import { type TestUser, unique } from "./factories.ts";

const asCaller = (user: TestUser) => ({ id: user.id, username: user.username, role: user.role });

export async function makeCategory(admin: TestUser, name = unique("Category")) {
  return createCategory(getDb(), { name }, asCaller(admin));
}

export async function makeIngredient(owner: TestUser, name = unique("Ingredient")) {
  return createIngredient(getDb(), { name }, asCaller(owner));
}

export async function makeStore(owner: TestUser, name = unique("Store")) {
  return createStore(getDb(), { name }, asCaller(owner));
}

export async function makeShelf(
  owner: TestUser,
  storeId: number,
  fields: { name?: string; position?: number; ingredient_ids?: number[] } = {},
) {
  return createShelf(
    getDb(),
    storeId,
    {
      name: fields.name ?? unique("Shelf"),
      position: fields.position ?? 0,
      ingredient_ids: fields.ingredient_ids ?? [],
    },
    asCaller(owner),
  );
}

/**
 * A bare recipe row that uses the given ingredients, written with SQL so these tests do not depend
 * on the recipe service. Returns the recipe id.
 */
export async function insertRecipeUsing(owner: TestUser, ingredientIds: readonly number[]): Promise<number> {
  const db = getDb();
  const recipe = await db
    .insertInto("recipes")
    .values({ user_id: owner.id, title: unique("Recipe") })
    .returning("id")
    .executeTakeFirstOrThrow();
  for (const [position, ingredient_id] of ingredientIds.entries()) {
    await db
      .insertInto("recipe_ingredients")
      .values({ recipe_id: recipe.id, ingredient_id, position, amount_grams: 100, amount_readable: "100 g" })
      .execute();
  }
  return recipe.id;
}

/** Counts rows of a table matching a raw SQL condition, for "what is in the database afterwards". */
export async function countRows(table: string, where: ReturnType<typeof sql>): Promise<number> {
  const result = await sql<{
    n: number;
  }>`select count(*)::int as n from ${sql.table(table)} where ${where}`.execute(getDb());
  return Number(result.rows[0]?.n ?? 0);
}

/**
 * Walks a list page by page, calling `between` after each page (to add rows while paging), and
 * returns every id served, in order.
 */
export async function collectPages(
  fetchPage: (
    cursor: string | null,
  ) => Promise<{ status: number; body: { items: { id: number }[]; next_cursor: string | null } }>,
  between: (page: number) => Promise<void> = async () => {},
): Promise<number[]> {
  const ids: number[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 1000; page++) {
    const res = await fetchPage(cursor);
    if (res.status !== 200) throw new Error(`page ${page} answered ${res.status}`);
    ids.push(...res.body.items.map((item) => item.id));
    cursor = res.body.next_cursor;
    if (!cursor) return ids;
    await between(page);
  }
  throw new Error("pagination did not end");
}

/** Stores two objects and points the row's img and preview_img at them; returns their keys. */
export async function attachPictures(table: "categories" | "ingredients", id: number): Promise<string[]> {
  const keys = [`test/${unique("img")}.png`, `test/${unique("preview")}.png`];
  for (const key of keys) await putPublicObject(key, new Uint8Array([1, 2, 3]), "image/png");
  await getDb()
    .updateTable(table)
    .set({ img: publicUrl(keys[0] ?? ""), preview_img: publicUrl(keys[1] ?? "") })
    .where("id", "=", id)
    .execute();
  return keys;
}

/** Whether an object is still in the bucket. */
export async function objectExists(key: string): Promise<boolean> {
  try {
    await getStorage().send(new HeadObjectCommand({ Bucket: config.storage.bucket, Key: key }));
    return true;
  } catch {
    return false;
  }
}

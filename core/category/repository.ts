/** SQL for categories. */
import type { Insertable, Updateable } from "kysely";
import type { Db } from "../db.ts";
import { withIsoDates } from "../timestamps.ts";
import type { CategoriesTable } from "./table.ts";

const categoryColumns = [
  "id",
  "name",
  "description",
  "img",
  "preview_img",
  "created_at",
  "updated_at",
] as const;

export async function findCategoryById(db: Db, id: number) {
  const row = await db
    .selectFrom("categories")
    .select(categoryColumns)
    .where("id", "=", id)
    .executeTakeFirst();
  return row && withIsoDates(row);
}

/** One page in (name, id) order, starting after the given key; fetches `limit` rows. */
export async function selectCategories(db: Db, page: { limit: number; after?: readonly [string, number] }) {
  let query = db.selectFrom("categories").select(categoryColumns);
  const after = page.after;
  if (after) query = query.where((eb) => eb(eb.refTuple("name", "id"), ">", eb.tuple(after[0], after[1])));
  return (await query.orderBy("name").orderBy("id").limit(page.limit).execute()).map(withIsoDates);
}

export async function insertCategory(db: Db, values: Insertable<CategoriesTable>) {
  return withIsoDates(
    await db.insertInto("categories").values(values).returning(categoryColumns).executeTakeFirstOrThrow(),
  );
}

export async function updateCategoryById(db: Db, id: number, values: Updateable<CategoriesTable>) {
  const row = await db
    .updateTable("categories")
    .set(values)
    .where("id", "=", id)
    .returning(categoryColumns)
    .executeTakeFirst();
  return row && withIsoDates(row);
}

/** Deletes the row (its recipe links go by cascade) and returns it, for its pictures. */
export async function deleteCategoryById(db: Db, id: number) {
  const row = await db
    .deleteFrom("categories")
    .where("id", "=", id)
    .returning(categoryColumns)
    .executeTakeFirst();
  return row && withIsoDates(row);
}

export type CategoryRow = NonNullable<Awaited<ReturnType<typeof findCategoryById>>>;

/** Both rows, locked in id order (two merges of the same pair crossing wait instead of deadlocking). */
export async function lockCategoryPair(db: Db, ids: readonly [number, number]) {
  const rows = await db
    .selectFrom("categories")
    .select(categoryColumns)
    .where("id", "in", [...ids])
    .orderBy("id")
    .forUpdate()
    .execute();
  return rows.map(withIsoDates);
}

/** The recipes of `fromId` are recipes of `intoId` from now on (a recipe in both is in it once). */
export async function moveRecipeLinks(db: Db, fromId: number, intoId: number): Promise<void> {
  await db
    .deleteFrom("recipe_categories as f")
    .where("f.category_id", "=", fromId)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom("recipe_categories as t")
          .select("t.recipe_id")
          .where("t.category_id", "=", intoId)
          .whereRef("t.recipe_id", "=", "f.recipe_id"),
      ),
    )
    .execute();
  await db
    .updateTable("recipe_categories")
    .set({ category_id: intoId })
    .where("category_id", "=", fromId)
    .execute();
}

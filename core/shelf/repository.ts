/** SQL for shelves and the ingredients on them. */
import { type ExpressionBuilder, sql } from "kysely";
import { jsonArrayFrom, jsonBuildObject } from "kysely/helpers/postgres";
import type { Database, Db } from "../db.ts";
import { storeColumns } from "../store/repository.ts";
import { withIsoDates } from "../timestamps.ts";

const shelfColumns = [
  "sh.id",
  "sh.store_id",
  "sh.name",
  "sh.position",
  "sh.created_at",
  "sh.updated_at",
] as const;

/** The shelf's ingredients as `[{id, name}]` in name order, in the same query as the shelf. */
const shelfIngredients = (eb: ExpressionBuilder<Database & { sh: Database["shelves"] }, "sh">) =>
  jsonArrayFrom(
    eb
      .selectFrom("shelf_ingredients as si")
      .innerJoin("ingredients as i", "i.id", "si.ingredient_id")
      .select(["i.id", "i.name"])
      .whereRef("si.shelf_id", "=", "sh.id")
      .orderBy("i.name")
      .orderBy("i.id"),
  ).as("ingredients");

function shelfQuery(db: Db, storeId: number) {
  return db
    .selectFrom("shelves as sh")
    .select(shelfColumns)
    .select(shelfIngredients)
    .where("sh.store_id", "=", storeId);
}

/** The store's shelves in walking order (position, id), after the given key. */
export async function selectShelves(
  db: Db,
  storeId: number,
  page: { limit: number; after?: readonly [number, number] },
) {
  let query = shelfQuery(db, storeId);
  const after = page.after;
  if (after) {
    query = query.where((eb) => eb(eb.refTuple("sh.position", "sh.id"), ">", eb.tuple(after[0], after[1])));
  }
  return (await query.orderBy("sh.position").orderBy("sh.id").limit(page.limit).execute()).map(withIsoDates);
}

/** A shelf of this store (a shelf of another store is not found). */
export async function findShelfById(db: Db, storeId: number, shelfId: number) {
  const row = await shelfQuery(db, storeId).where("sh.id", "=", shelfId).executeTakeFirst();
  return row && withIsoDates(row);
}

export async function insertShelf(db: Db, values: { store_id: number; name: string; position: number }) {
  return db.insertInto("shelves").values(values).returning("id").executeTakeFirstOrThrow();
}

/**
 * Updates a shelf of this store; false when the store has no such shelf. The row is written even
 * when only its ingredient list changes, so updated_at (set by trigger) tells the shelf changed.
 */
export async function updateShelfById(
  db: Db,
  storeId: number,
  shelfId: number,
  values: { name?: string | undefined; position?: number | undefined },
): Promise<boolean> {
  const result = await db
    .updateTable("shelves")
    .set((eb) => ({ name: values.name ?? eb.ref("name"), position: values.position ?? eb.ref("position") }))
    .where("id", "=", shelfId)
    .where("store_id", "=", storeId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Deletes a shelf of this store (its ingredient list goes by cascade); false when there was none. */
export async function deleteShelfById(db: Db, storeId: number, shelfId: number): Promise<boolean> {
  const result = await db
    .deleteFrom("shelves")
    .where("id", "=", shelfId)
    .where("store_id", "=", storeId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** The ids of the store's shelves, in no particular order. */
export async function selectShelfIds(db: Db, storeId: number): Promise<number[]> {
  const rows = await db.selectFrom("shelves").select("id").where("store_id", "=", storeId).execute();
  return rows.map((r) => r.id);
}

/**
 * Numbers the store's shelves 0, 1, 2… in the given order, in one statement; only the shelves whose
 * position changes are written (so their updated_at says they moved).
 */
export async function writeShelfPositions(db: Db, storeId: number, orderedIds: readonly number[]) {
  if (orderedIds.length === 0) return;
  await sql`update shelves set position = o.position
    from (select value::int as id, (ord - 1)::int as position
      from jsonb_array_elements_text(${JSON.stringify(orderedIds)}::jsonb) with ordinality e(value, ord)) o
    where shelves.id = o.id and shelves.store_id = ${storeId} and shelves.position <> o.position`.execute(db);
}

/**
 * Takes the given ingredients off every shelf of the store but `shelfId`, and touches those shelves
 * (their updated_at says their list changed).
 */
export async function takeIngredientsOffOtherShelves(
  db: Db,
  storeId: number,
  shelfId: number,
  ingredientIds: readonly number[],
): Promise<void> {
  if (ingredientIds.length === 0) return;
  const taken = await db
    .deleteFrom("shelf_ingredients")
    .where("store_id", "=", storeId)
    .where("shelf_id", "<>", shelfId)
    .where("ingredient_id", "in", ingredientIds)
    .returning("shelf_id")
    .execute();
  const shelfIds = [...new Set(taken.map((r) => r.shelf_id))];
  if (shelfIds.length === 0) return;
  await db
    .updateTable("shelves")
    .set((eb) => ({ name: eb.ref("name") }))
    .where("id", "in", shelfIds)
    .execute();
}

/** Which of the given ingredient ids exist. */
export async function selectExistingIngredientIds(db: Db, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom("ingredients").select("id").where("id", "in", ids).execute();
  return new Set(rows.map((r) => r.id));
}

/** The first of the ingredients that already sits on another shelf of the store, with that shelf's name. */
export async function findIngredientOnOtherShelf(
  db: Db,
  storeId: number,
  ingredientIds: readonly number[],
  exceptShelfId?: number,
) {
  if (ingredientIds.length === 0) return undefined;
  let query = db
    .selectFrom("shelf_ingredients as si")
    .innerJoin("ingredients as i", "i.id", "si.ingredient_id")
    .innerJoin("shelves as sh", "sh.id", "si.shelf_id")
    .select(["i.name as ingredient_name", "sh.name as shelf_name"])
    .where("si.store_id", "=", storeId)
    .where("si.ingredient_id", "in", ingredientIds);
  if (exceptShelfId !== undefined) query = query.where("si.shelf_id", "<>", exceptShelfId);
  return query.orderBy("i.name").limit(1).executeTakeFirst();
}

/** Makes the shelf hold exactly these ingredients. */
export async function replaceShelfIngredients(
  db: Db,
  storeId: number,
  shelfId: number,
  ingredientIds: readonly number[],
): Promise<void> {
  await db.deleteFrom("shelf_ingredients").where("shelf_id", "=", shelfId).execute();
  if (ingredientIds.length === 0) return;
  await db
    .insertInto("shelf_ingredients")
    .values(ingredientIds.map((ingredient_id) => ({ shelf_id: shelfId, store_id: storeId, ingredient_id })))
    .execute();
}

/** The stores that have the ingredient, in (name, id) order, each with the shelf it sits on there. */
export async function selectStoresWithIngredient(
  db: Db,
  ingredientId: number,
  page: { limit: number; after?: readonly [string, number] },
) {
  let query = db
    .selectFrom("shelf_ingredients as si")
    .innerJoin("stores", "stores.id", "si.store_id")
    .innerJoin("shelves as sh", "sh.id", "si.shelf_id")
    .select(storeColumns.map((c) => `stores.${c}` as const))
    .select((eb) =>
      jsonBuildObject({ id: eb.ref("sh.id"), name: eb.ref("sh.name"), position: eb.ref("sh.position") }).as(
        "shelf",
      ),
    )
    .where("si.ingredient_id", "=", ingredientId);
  const after = page.after;
  if (after) {
    query = query.where((eb) =>
      eb(eb.refTuple("stores.name", "stores.id"), ">", eb.tuple(after[0], after[1])),
    );
  }
  return (await query.orderBy("stores.name").orderBy("stores.id").limit(page.limit).execute()).map(
    withIsoDates,
  );
}

/** SQL for stores. */
import type { Insertable, Updateable } from "kysely";
import type { Db } from "../db.ts";
import { withIsoDates } from "../timestamps.ts";
import type { StoresTable } from "./table.ts";

export const storeColumns = [
  "id",
  "user_id",
  "name",
  "address",
  "latitude",
  "longitude",
  "phone",
  "website",
  "description",
  "created_at",
  "updated_at",
] as const;

export async function findStoreById(db: Db, id: number) {
  const row = await db.selectFrom("stores").select(storeColumns).where("id", "=", id).executeTakeFirst();
  return row && withIsoDates(row);
}

/** Locks the store until the transaction ends, so its shelves change one writer at a time. */
export async function findStoreByIdForUpdate(db: Db, id: number) {
  const row = await db
    .selectFrom("stores")
    .select(storeColumns)
    .where("id", "=", id)
    .forUpdate()
    .executeTakeFirst();
  return row && withIsoDates(row);
}

/** One page in (name, id) order after the given key. */
export async function selectStores(db: Db, page: { limit: number; after?: readonly [string, number] }) {
  let query = db.selectFrom("stores").select(storeColumns);
  const after = page.after;
  if (after) query = query.where((eb) => eb(eb.refTuple("name", "id"), ">", eb.tuple(after[0], after[1])));
  return (await query.orderBy("name").orderBy("id").limit(page.limit).execute()).map(withIsoDates);
}

export async function insertStore(db: Db, values: Insertable<StoresTable>) {
  return withIsoDates(
    await db.insertInto("stores").values(values).returning(storeColumns).executeTakeFirstOrThrow(),
  );
}

export async function updateStoreById(db: Db, id: number, values: Updateable<StoresTable>) {
  return withIsoDates(
    await db
      .updateTable("stores")
      .set(values)
      .where("id", "=", id)
      .returning(storeColumns)
      .executeTakeFirstOrThrow(),
  );
}

/** Deletes the store; its shelves and their ingredient lists go by cascade. */
export async function deleteStoreById(db: Db, id: number) {
  await db.deleteFrom("stores").where("id", "=", id).execute();
}

export type StoreRow = NonNullable<Awaited<ReturnType<typeof findStoreById>>>;

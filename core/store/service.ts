/** Stores: anyone reads them; the creator or an admin changes them and their shelves. */
import { assertOwnerOrAdmin, type Caller } from "../auth/caller.ts";
import { type Db, transaction } from "../db.ts";
import { Invalid, notFound } from "../errors.ts";
import { publishTouched } from "../live/list-changes.ts";
import { type Page, pageByNameAndId } from "../pagination.ts";
import {
  deleteStoreById,
  findStoreById,
  findStoreByIdForUpdate,
  insertStore,
  type StoreRow,
  selectStores,
  updateStoreById,
} from "./repository.ts";
import type { StoreCreate, StoreUpdate } from "./schemas.ts";

/** A point is both coordinates or none: half a position places the store nowhere. */
function assertCoordinatesPaired(
  latitude: number | null | undefined,
  longitude: number | null | undefined,
): void {
  if ((latitude == null) === (longitude == null)) return;
  const missing = latitude == null ? "latitude" : "longitude";
  throw Invalid("Request body is invalid.", [
    { path: missing, message: "Give latitude and longitude together, or neither." },
  ]);
}

/**
 * The store, locked for the rest of the transaction, if the caller may change it (its creator or an
 * admin): 404 when it does not exist, 403 otherwise. Shelf writes go through here too.
 */
export async function findWritableStore(trx: Db, id: number, caller: Caller): Promise<StoreRow> {
  const store = await findStoreByIdForUpdate(trx, id);
  if (!store) throw notFound("Store", id);
  assertOwnerOrAdmin(caller, store.user_id, "Store", id);
  return store;
}

/** A page of stores in name order. */
export async function listStores(
  db: Db,
  query: { limit: number; cursor?: string | undefined },
): Promise<Page<StoreRow>> {
  return pageByNameAndId(query, (page) => selectStores(db, page));
}

/** One store; 404 when it does not exist. */
export async function getStore(db: Db, id: number): Promise<StoreRow> {
  const row = await findStoreById(db, id);
  if (!row) throw notFound("Store", id);
  return row;
}

/** Creates a store owned by the caller. */
export async function createStore(db: Db, input: StoreCreate, caller: Caller): Promise<StoreRow> {
  assertCoordinatesPaired(input.latitude, input.longitude);
  return insertStore(db, {
    user_id: caller.id,
    name: input.name,
    address: input.address ?? null,
    latitude: input.latitude ?? null,
    longitude: input.longitude ?? null,
    phone: input.phone ?? null,
    website: input.website ?? null,
    description: input.description ?? null,
  });
}

/** Changes the given fields (creator or admin). */
export async function updateStore(db: Db, id: number, input: StoreUpdate, caller: Caller): Promise<StoreRow> {
  return transaction(db, async (trx) => {
    const store = await findWritableStore(trx, id, caller);
    if (Object.keys(input).length === 0) return store;
    assertCoordinatesPaired(
      input.latitude !== undefined ? input.latitude : store.latitude,
      input.longitude !== undefined ? input.longitude : store.longitude,
    );
    return updateStoreById(trx, id, input);
  });
}

/** Deletes a store and its shelves (creator or admin). */
export async function removeStore(db: Db, id: number, caller: Caller): Promise<void> {
  await transaction(db, async (trx) => {
    await findWritableStore(trx, id, caller);
    // Lists that walked it walk no store now: their followers read them again.
    await publishTouched(db, trx, "store", id);
    await deleteStoreById(trx, id);
  });
}

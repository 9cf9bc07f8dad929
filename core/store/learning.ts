/**
 * Stores that learn their walking order (CONTRACT.md; the method: core/store/learned-order.ts). A
 * tick of an ingredient on a list that follows a store is kept as the store's (store_ticks), and the
 * store's order is computed again in the same transaction from its most recent ticks
 * (LEARNING_WINDOW_TICKS), so reading a list only joins the stored order.
 */
import { type Db, transaction } from "../db.ts";
import { notFound } from "../errors.ts";
import { learnOrder, suggestShelves, tripsOf } from "./learned-order.ts";
import {
  deleteRecentTicks,
  findLearnedOrder,
  insertTick,
  lockLearnedOrder,
  needsLearning,
  selectRecentTicks,
  writeLearnedOrder,
} from "./learning-repository.ts";
import type { LearnedOrderRead } from "./learning-schemas.ts";
import { findStoreById } from "./repository.ts";

/**
 * Computes the store's learned order again from its recent ticks, inside the caller's transaction;
 * ticks of one store take turns here. When the window is full, its oldest trip may be cut: it is left out.
 */
export async function relearn(trx: Db, storeId: number): Promise<void> {
  if (!(await lockLearnedOrder(trx, storeId))) return;
  const { ticks, full } = await selectRecentTicks(trx, storeId);
  let trips = tripsOf(ticks);
  if (full) {
    const oldest = trips.reduce((first, trip) => (trip.start < first ? trip.start : first), Infinity);
    trips = trips.filter((trip) => trip.start !== oldest);
  }
  await writeLearnedOrder(trx, storeId, learnOrder(trips));
}

/** An item of a list following `storeId` was ticked (its checked_at set): the store keeps it and learns. */
export async function learnFromTick(trx: Db, storeId: number, itemId: number, userId: number): Promise<void> {
  if (await insertTick(trx, storeId, itemId, userId)) await relearn(trx, storeId);
}

/** An item was unchecked: a tick of this visit was a mistake, and its store learns without it. */
export async function forgetTick(trx: Db, itemId: number): Promise<void> {
  for (const storeId of await deleteRecentTicks(trx, itemId)) await relearn(trx, storeId);
}

/**
 * `GET /stores/<id>/learned-order`: the store's learned order with each ingredient's shelf there and,
 * for those on none, the shelf it is found beside. 404 for an unknown store. A store whose order was
 * not computed yet though it has ticks (restored from an archive, which does not carry the derived
 * order) learns it now.
 */
export async function getLearnedOrder(db: Db, storeId: number): Promise<LearnedOrderRead> {
  if (!(await findStoreById(db, storeId))) throw notFound("Store", storeId);
  if (await needsLearning(db, storeId)) await transaction(db, (trx) => relearn(trx, storeId));
  const { trips, items } = await findLearnedOrder(db, storeId);
  const shelfOf = new Map(
    items.flatMap((item) => (item.shelf_id === null ? [] : [[item.ingredient_id, item.shelf_id] as const])),
  );
  const suggested = suggestShelves(
    items.map((item) => item.ingredient_id),
    shelfOf,
  );
  return {
    trips,
    items: items.map((item) => ({
      ingredient_id: item.ingredient_id,
      name: item.name,
      shelf_id: item.shelf_id,
      suggested_shelf_id: suggested.get(item.ingredient_id) ?? null,
      confidence: item.confidence,
    })),
  };
}

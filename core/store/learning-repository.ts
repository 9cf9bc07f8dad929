/** SQL of the learned walking orders: the ticks kept per store, and each store's learned order. */
import { sql } from "kysely";
import type { Db } from "../db.ts";
import { type LearnedOrder, type Tick, TRIP_GAP_MS } from "./learned-order.ts";

/**
 * The most recent ticks a store learns from: some 100 trips and more. Older trips would weigh less
 * than 2^-25 (core/store/learned-order.ts: HALF_LIFE), so the bound changes nothing but the cost.
 */
export const LEARNING_WINDOW_TICKS = 3000;

/**
 * Keeps the tick of a list item as the store's (the list's store when it was ticked): its ingredient,
 * who ticked it (the transaction's `recipes.actor_id`, core/shopping-list/repository.ts: actAs) and
 * its `checked_at`. Free text teaches nothing (no ingredient) and is not kept. True when kept.
 */
export async function insertTick(db: Db, storeId: number, itemId: number, userId: number): Promise<boolean> {
  const result = await sql`
    insert into store_ticks (store_id, list_id, item_id, user_id, ingredient_id, checked_at)
    select ${storeId}::integer, it.list_id, it.id, ${userId}::integer, it.ingredient_id, it.checked_at
    from shopping_list_items it
    where it.id = ${itemId} and it.ingredient_id is not null and it.checked_at is not null
  `.execute(db);
  return (result.numAffectedRows ?? 0n) > 0n;
}

/**
 * Takes back the ticks of an item unchecked within the visit (its tick less than 30 minutes old): a
 * tick by mistake teaches nothing. An item unchecked later (bought again) keeps its trip. Returns the
 * stores whose ticks went.
 */
export async function deleteRecentTicks(db: Db, itemId: number): Promise<number[]> {
  const rows = await db
    .deleteFrom("store_ticks")
    .where("item_id", "=", itemId)
    .where("checked_at", ">", sql<Date>`now() - ${`${TRIP_GAP_MS / 1000} seconds`}::interval`)
    .returning("store_id")
    .execute();
  return [...new Set(rows.map((row) => row.store_id))];
}

/**
 * Locks the store's learned order until the transaction ends (made when missing), so two ticks in one
 * store recompute it in turn, each from every tick committed before it. False when the store is gone.
 */
export async function lockLearnedOrder(db: Db, storeId: number): Promise<boolean> {
  const result = await sql`
    insert into learned_orders (store_id) select id from stores where id = ${storeId}
    on conflict (store_id) do update set store_id = excluded.store_id
  `.execute(db);
  return (result.numAffectedRows ?? 0n) > 0n;
}

/** The store's most recent ticks (LEARNING_WINDOW_TICKS), as the learning reads them. */
export async function selectRecentTicks(db: Db, storeId: number): Promise<{ ticks: Tick[]; full: boolean }> {
  const rows = await db
    .selectFrom("store_ticks")
    .select(["user_id", "list_id", "ingredient_id", "checked_at"])
    .where("store_id", "=", storeId)
    .orderBy("checked_at", "desc")
    .orderBy("id", "desc")
    .limit(LEARNING_WINDOW_TICKS)
    .execute();
  const ticks = rows.map((row) => ({
    shopper: row.user_id,
    list: row.list_id,
    ingredient: row.ingredient_id,
    at: new Date(row.checked_at).getTime(),
  }));
  return { ticks, full: rows.length === LEARNING_WINDOW_TICKS };
}

/**
 * Writes the store's learned order: each ingredient's place and confidence (only the rows that
 * changed), the ingredients no longer in it removed, and the number of trips.
 */
export async function writeLearnedOrder(db: Db, storeId: number, order: LearnedOrder): Promise<void> {
  const ids = order.items.map((item) => item.ingredient);
  if (ids.length > 0) {
    const values = sql.join(
      order.items.map(
        (item, position) =>
          sql`(${storeId}::integer, ${item.ingredient}::integer, ${position}::integer, ${item.confidence}::real)`,
      ),
    );
    await sql`
      insert into learned_order_items as lo (store_id, ingredient_id, position, confidence)
      select v.store_id, v.ingredient_id, v.position, v.confidence
      from (values ${values}) v (store_id, ingredient_id, position, confidence)
      join ingredients i on i.id = v.ingredient_id
      on conflict (store_id, ingredient_id) do update set
        position = excluded.position, confidence = excluded.confidence
      where (lo.position, lo.confidence) is distinct from (excluded.position, excluded.confidence)
    `.execute(db);
  }
  let stale = db.deleteFrom("learned_order_items").where("store_id", "=", storeId);
  if (ids.length > 0) stale = stale.where("ingredient_id", "not in", ids);
  await stale.execute();
  await db
    .updateTable("learned_orders")
    .set({ trips: order.trips, computed_at: sql<Date>`now()` })
    .where("store_id", "=", storeId)
    .execute();
}

/** Whether the store has ticks but no learned order (after a restore: the order is not archived). */
export async function needsLearning(db: Db, storeId: number): Promise<boolean> {
  const row = await sql<{ needs: boolean }>`
    select exists (select 1 from store_ticks where store_id = ${storeId})
      and not exists (select 1 from learned_orders where store_id = ${storeId}) as needs
  `.execute(db);
  return row.rows[0]?.needs === true;
}

export type LearnedOrderRow = {
  ingredient_id: number;
  name: string;
  shelf_id: number | null;
  confidence: number;
};

/** The store's learned order as stored: its trips and ingredients in walking order, each with its shelf there. */
export async function findLearnedOrder(
  db: Db,
  storeId: number,
): Promise<{ trips: number; items: LearnedOrderRow[] }> {
  const head = await db
    .selectFrom("learned_orders")
    .select("trips")
    .where("store_id", "=", storeId)
    .executeTakeFirst();
  const items = await db
    .selectFrom("learned_order_items as lo")
    .innerJoin("ingredients as i", "i.id", "lo.ingredient_id")
    .leftJoin("shelf_ingredients as si", (join) =>
      join.onRef("si.store_id", "=", "lo.store_id").onRef("si.ingredient_id", "=", "lo.ingredient_id"),
    )
    .select(["lo.ingredient_id", "i.name", "si.shelf_id", "lo.confidence"])
    .where("lo.store_id", "=", storeId)
    .orderBy("lo.position")
    .execute();
  return { trips: head?.trips ?? 0, items };
}

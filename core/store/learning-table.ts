import type { ColumnType } from "kysely";
import type { Generated, Id, Timestamps } from "../table-types.ts";

/**
 * A tick of an ingredient on a list that followed this store (migrations/2026-11-29T0500-checked-at.ts):
 * kept when the item, its list or the list's store choice go, so the store's trips still teach.
 */
export interface StoreTicksTable extends Timestamps {
  id: Id;
  store_id: number;
  /** The list and item ticked: plain numbers, they may be gone. */
  list_id: number;
  item_id: number;
  /** Who ticked; null once the account is gone. */
  user_id: number | null;
  ingredient_id: number;
  checked_at: ColumnType<Date, Date | string, Date | string>;
}

/** One row per store that learned anything: the lock of its recomputation, and how many trips taught it. */
export interface LearnedOrdersTable extends Timestamps {
  store_id: number;
  trips: Generated<number>;
  computed_at: Generated<Date>;
}

/** An ingredient's place in a store's learned walking order (from 0) and how sure it is (0–1). */
export interface LearnedOrderItemsTable {
  store_id: number;
  ingredient_id: number;
  position: number;
  confidence: number;
}

/** The tables of this feature, in the database as Kysely sees it (core/db/database.ts). */
declare module "../db/database.ts" {
  interface Database {
    store_ticks: StoreTicksTable;
    learned_orders: LearnedOrdersTable;
    learned_order_items: LearnedOrderItemsTable;
  }
}

import type { Id, Timestamps } from "../table-types.ts";

export interface ShelvesTable extends Timestamps {
  id: Id;
  store_id: number;
  name: string;
  /** Walking order within the store, from 0. */
  position: number;
}

/** An ingredient on a shelf; (store_id, ingredient_id) is unique: one shelf per store. */
export interface ShelfIngredientsTable extends Timestamps {
  shelf_id: number;
  store_id: number;
  ingredient_id: number;
}

/** The tables of this folder, in the database as Kysely sees it (core/db/database.ts). */
declare module "../db/database.ts" {
  interface Database {
    shelves: ShelvesTable;
    shelf_ingredients: ShelfIngredientsTable;
  }
}

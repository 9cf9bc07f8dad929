import type { Id, Pictures, Timestamps } from "../table-types.ts";

export interface CategoriesTable extends Timestamps, Pictures {
  id: Id;
  name: string;
  description: string | null;
}

/** The tables of this folder, in the database as Kysely sees it (core/db/database.ts). */
declare module "../db/database.ts" {
  interface Database {
    categories: CategoriesTable;
  }
}

import type { Generated } from "kysely";
import type { Timestamps } from "../table-types.ts";

/** Object keys whose deletion failed (storage was down), retried until storage answers. */
export interface StorageCleanupsTable extends Timestamps {
  key: string;
  attempts: Generated<number>;
}

/** The tables of this folder, in the database as Kysely sees it (core/db/database.ts). */
declare module "../db/database.ts" {
  interface Database {
    storage_cleanups: StorageCleanupsTable;
  }
}

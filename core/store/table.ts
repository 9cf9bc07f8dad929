import type { Id, Timestamps } from "../table-types.ts";

export interface StoresTable extends Timestamps {
  id: Id;
  /** The creator; null once their account is deleted. */
  user_id: number | null;
  name: string;
  address: string | null;
  latitude: number | null;
  longitude: number | null;
  phone: string | null;
  website: string | null;
  description: string | null;
}

/** The tables of this folder, in the database as Kysely sees it (core/db/database.ts). */
declare module "../db/database.ts" {
  interface Database {
    stores: StoresTable;
  }
}

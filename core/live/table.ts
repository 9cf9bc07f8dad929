import type { ColumnType } from "kysely";
import type { Timestamps } from "../table-types.ts";

/** An open WebSocket of the live API; `user_id` and `expires_at` come with its first subscribe. */
export interface LiveConnectionsTable extends Timestamps {
  connection_id: string;
  user_id: number | null;
  /** When the token it subscribed with expires: the connection is closed then. */
  expires_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** A list a connection follows (no foreign key to the list: its deletion is announced first). */
export interface LiveSubscriptionsTable {
  list_id: number;
  connection_id: string;
  created_at: ColumnType<Date, never, never>;
}

/** The tables of this folder, in the database as Kysely sees it (core/db/database.ts). */
declare module "../db/database.ts" {
  interface Database {
    live_connections: LiveConnectionsTable;
    live_subscriptions: LiveSubscriptionsTable;
  }
}

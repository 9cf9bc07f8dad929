import type { ColumnType } from "kysely";
import type { Id, Timestamp } from "../table-types.ts";

export const API_TOKEN_SCOPES = ["read", "write"] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

/** A token for scripts and home automation, kept only as its SHA-256. */
export interface ApiTokensTable {
  id: Id;
  user_id: number;
  name: string;
  scope: ApiTokenScope;
  token_hash: string;
  created_at: Timestamp;
  last_used_at: ColumnType<Date | null, never, Date>;
  expires_at: ColumnType<Date | null, Date | null, Date | null>;
}

/** The tables of this folder, in the database as Kysely sees it (core/db/database.ts). */
declare module "../db/database.ts" {
  interface Database {
    api_tokens: ApiTokensTable;
  }
}

import type { ColumnType } from "kysely";
import type { Id, Timestamp } from "../table-types.ts";

/** How a session began. */
export type SessionVia = "password" | "oidc";

/** A signed-in device: one per login, until it ends or goes 60 days without a refresh. */
export interface SessionsTable {
  id: Id;
  user_id: number;
  via: SessionVia;
  /** The browser or client that logged in, as its User-Agent said (at most 300 characters). */
  user_agent: string | null;
  created_at: Timestamp;
  last_used_at: ColumnType<Date, Date | undefined, Date>;
  expires_at: ColumnType<Date, Date, Date>;
}

/** A refresh token a session was given, kept only as its SHA-256; `spent_at` once exchanged. */
export interface SessionRefreshTokensTable {
  token_hash: string;
  session_id: number;
  spent_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** The tables of this folder, in the database as Kysely sees it (core/db/database.ts). */
declare module "../db/database.ts" {
  interface Database {
    sessions: SessionsTable;
    session_refresh_tokens: SessionRefreshTokensTable;
  }
}

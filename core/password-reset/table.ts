import type { ColumnType } from "kysely";
import type { Id, Timestamp } from "../table-types.ts";

/** A one-time password-reset link an admin made for a user, its code kept only as its SHA-256. */
export interface PasswordResetsTable {
  id: Id;
  user_id: number;
  created_by: number | null;
  code_hash: string;
  created_at: Timestamp;
  expires_at: Date;
  used_at: ColumnType<Date | null, never, Date>;
}

/** The tables of this folder, in the database as Kysely sees it (core/db/database.ts). */
declare module "../db/database.ts" {
  interface Database {
    password_resets: PasswordResetsTable;
  }
}

import type { ColumnType } from "kysely";
import type { Language, Units } from "../languages.ts";
import type { Generated, Id, Pictures, Timestamps } from "../table-types.ts";
import type { Role } from "./schemas.ts";

/** The one declaration is the API's (schemas.ts); the column holds the same two values. */
export type { Role };

export interface UsersTable extends Timestamps, Pictures {
  id: Id;
  username: string;
  email: string;
  password_hash: string;
  role: Generated<Role>;
  /** The app's language; null: the browser's. */
  language: ColumnType<Language | null, Language | null | undefined, Language | null>;
  /** How amounts are written for this person. */
  units: Generated<Units>;
  /** Tokens issued before this second are refused (set by a password change); null: none refused. */
  token_valid_after: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** Throttle counters (failed logins, sign-ups) per key, kept in the database so every Lambda instance sees them. */
export interface LoginThrottlesTable extends Timestamps {
  /** `login:<account>@<address>`, `login-address:<address>` or `signup:<address>` (see core/auth/throttle.ts). */
  key: string;
  failures: Generated<number>;
  window_started_at: ColumnType<Date, Date | undefined, Date>;
}

/** The tables of this folder, in the database as Kysely sees it (core/db/database.ts). */
declare module "../db/database.ts" {
  interface Database {
    users: UsersTable;
    login_throttles: LoginThrottlesTable;
  }
}

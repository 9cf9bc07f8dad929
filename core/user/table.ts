import type { ColumnType } from "kysely";
import type { Generated, Id, Pictures, Timestamps } from "../table-types.ts";

export type Role = "user" | "admin";

export interface UsersTable extends Timestamps, Pictures {
  id: Id;
  username: string;
  email: string;
  password_hash: string;
  role: Generated<Role>;
}

/** Failed logins per lower-cased username, kept in the database so every Lambda instance sees them. */
export interface LoginThrottlesTable extends Timestamps {
  username: string;
  failures: Generated<number>;
  window_started_at: ColumnType<Date, Date | undefined, Date>;
}

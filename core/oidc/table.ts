import type { Id, Timestamp } from "../table-types.ts";

/** An account's link to a user of the OpenID Connect provider: its `iss` and `sub`, unique together. */
export interface UserIdentitiesTable {
  id: Id;
  user_id: number;
  issuer: string;
  subject: string;
  created_at: Timestamp;
}

/** The tables of this folder, in the database as Kysely sees it (core/db/database.ts). */
declare module "../db/database.ts" {
  interface Database {
    user_identities: UserIdentitiesTable;
  }
}

import type { ColumnType } from "kysely";
import type { Id, Timestamp } from "../table-types.ts";

/**
 * A secret address of a meal plan as an iCalendar feed, kept only as the secret's SHA-256
 * (core/secret-hash.ts). `household_id` null: the creator's plan (their entries and their
 * households'); else that household's entries.
 */
export interface CalendarLinksTable {
  id: Id;
  user_id: number;
  household_id: number | null;
  secret_hash: string;
  created_at: Timestamp;
  last_read_at: ColumnType<Date | null, never, Date>;
}

/** The tables of this folder, in the database as Kysely sees it (core/db/database.ts). */
declare module "../db/database.ts" {
  interface Database {
    calendar_links: CalendarLinksTable;
  }
}

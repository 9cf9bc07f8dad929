import type { ColumnType } from "kysely";
import type { Id, Timestamp, Timestamps } from "../table-types.ts";

export const HOUSEHOLD_ROLES = ["owner", "member"] as const;
export type HouseholdRole = (typeof HOUSEHOLD_ROLES)[number];

/** A group of users who share shopping lists and a meal plan. */
export interface HouseholdsTable extends Timestamps {
  id: Id;
  name: string;
}

export interface HouseholdMembersTable extends Timestamps {
  household_id: number;
  user_id: number;
  /** Owners rename, delete, and manage members; every member reads and writes what is shared. */
  role: HouseholdRole;
  joined_at: Timestamp;
}

/** A single-use code to join a household, kept only as its SHA-256. */
export interface HouseholdInvitationsTable extends Timestamps {
  id: Id;
  household_id: number;
  code_hash: string;
  created_by: number | null;
  expires_at: ColumnType<Date, Date, Date>;
  used_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  used_by: number | null;
}

/** The tables of this folder, in the database as Kysely sees it (core/db/database.ts). */
declare module "../db/database.ts" {
  interface Database {
    households: HouseholdsTable;
    household_members: HouseholdMembersTable;
    household_invitations: HouseholdInvitationsTable;
  }
}

import { type RawBuilder, sql } from "kysely";

/**
 * Rows leave the API with their timestamps as ISO 8601 strings. Each resource's row → Read mapper
 * calls this: the one place a stored date becomes text.
 */
export const withIsoDates = <T extends { created_at: Date; updated_at: Date }>(
  row: T,
): Omit<T, "created_at" | "updated_at"> & { created_at: string; updated_at: string } => ({
  ...row,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

/** A timestamp column inside SQL-built JSON as the same ISO 8601 UTC text (`…T12:00:00.000Z`). */
export const isoTimestampSql = (column: RawBuilder<unknown>) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

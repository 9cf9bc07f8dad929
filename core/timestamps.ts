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

/**
 * Applies pending migrations. Runs on every deploy as the stack's SST Script (onCreate and
 * onUpdate), before the API's routes are created or updated, so new code never meets an old schema.
 */
import { closeDb, migrateToLatest } from "../core/db.ts";

export const handler = async (): Promise<{ applied: string[] }> => {
  try {
    const applied = await migrateToLatest();
    console.log(applied.length ? `Applied migrations: ${applied.join(", ")}` : "Database is up to date.");
    return { applied };
  } finally {
    // The Script's function instance may be reused by the next deploy; do not keep a connection open.
    await closeDb();
  }
};

/**
 * Per test file: a database of its own with the schema ready. Without DATABASE_URL a fresh in-memory
 * PGlite (started from the run's migrated snapshot); with it, a PostgreSQL database cloned for this
 * file from the run's migrated template (test/global-setup.ts), dropped after the file: no file
 * sees another's rows, whatever the order (`--sequence.shuffle`).
 */
import { afterAll, beforeAll } from "vitest";
import { cloneTemplateDatabase } from "./helpers/databases.ts";

// Before core/ is imported: core/config.ts reads DATABASE_URL once, on import.
const fileDatabase = await cloneTemplateDatabase();
const { closeDb, migrateToLatest } = await import("../core/db.ts");

beforeAll(async () => {
  await migrateToLatest();
});

afterAll(async () => {
  await closeDb();
  await fileDatabase?.drop();
});

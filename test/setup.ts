/** Per test file: the schema is ready (a fresh in-memory PGlite, or the run's PostgreSQL database). */
import { afterAll, beforeAll } from "vitest";
import { closeDb, migrateToLatest } from "../core/db.ts";

beforeAll(async () => {
  await migrateToLatest();
});

afterAll(async () => {
  await closeDb();
});

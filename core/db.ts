/**
 * The database's one door: the process's Kysely instance (with DATABASE_URL, PostgreSQL through a
 * `pg` pool, core/db/pool.ts; without, embedded PGlite; everything above the dialect is the same
 * code) and the migrations. What repositories use with it is handed on from core/db/: the tables'
 * types (database.ts), transactions (transaction.ts), prepared statements (prepared.ts).
 */
import { readFileSync } from "node:fs";
import { Kysely, PGliteDialect, PostgresDialect } from "kysely";
import { Migrator } from "kysely/migration";
import { migrationProvider } from "../migrations/index.ts";
import { config } from "./config.ts";
import type { Database, Db } from "./db/database.ts";
import { createPool, INT8, NUMERIC } from "./db/pool.ts";

export type { Database, Db } from "./db/database.ts";
export { executePrepared } from "./db/prepared.ts";
export { afterCommit, openTransactionDb, transaction } from "./db/transaction.ts";

function createDialect() {
  if (config.databaseUrl) {
    return new PostgresDialect({ pool: createPool(config.databaseUrl, { max: config.dbPoolMax }) });
  }
  // Loaded on the first query, so that only a process without DATABASE_URL loads PGlite (about
  // 540 KB): a Lambda always has DATABASE_URL, and its bundle leaves the package out (stacks/bundle.ts).
  return new PGliteDialect({
    pglite: async () => {
      const { PGlite } = await import("@electric-sql/pglite");
      const parsers = { [INT8]: Number, [NUMERIC]: Number };
      if (config.pgliteDataDir !== "memory://") return new PGlite(config.pgliteDataDir, { parsers });
      const snapshot = config.pgliteSnapshot ? new Blob([readFileSync(config.pgliteSnapshot)]) : undefined;
      return new PGlite({ parsers, ...(snapshot ? { loadDataDir: snapshot } : {}) });
    },
  });
}

let instance: Db | undefined;

/** The process-wide Kysely instance, created on first use. */
export function getDb(): Db {
  instance ??= new Kysely<Database>({ dialect: createDialect() });
  return instance;
}

/** Closes the pool or PGlite cleanly (PGlite flushes its files). */
export async function closeDb(): Promise<void> {
  const db = instance;
  instance = undefined;
  await db?.destroy();
}

/**
 * Applies every pending migration; throws with the failing migration's error. On PostgreSQL the
 * process's own database runs its migrations over a connection of their own without the
 * statement bound that requests have.
 */
// biome-ignore lint/suspicious/noExplicitAny: the migrator works on any schema
export async function migrateToLatest(db: Kysely<any> = getDb()): Promise<string[]> {
  if (config.databaseUrl && db === instance) {
    const own = new Kysely<unknown>({
      dialect: new PostgresDialect({ pool: createPool(config.databaseUrl, { max: 1, forMigrations: true }) }),
    });
    try {
      return await runMigrations(own);
    } finally {
      await own.destroy();
    }
  }
  return runMigrations(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see migrateToLatest()
async function runMigrations(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}

export { isConnectionError, isForeignKeyViolation, isUniqueViolation } from "./db-errors.ts";

/** An archive describes the schema it was written from, so it is only written from a fully migrated database. */
import { sql } from "kysely";
import { migrations } from "../../migrations/index.ts";
import type { Db } from "../db.ts";

/** Names of the migrations not yet applied to this database (read from Kysely's own bookkeeping table). */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const exists = await sql<{
    found: string | null;
  }>`select to_regclass('kysely_migration')::text as found`.execute(db);
  const applied = exists.rows[0]?.found
    ? new Set(
        (await sql<{ name: string }>`select name from kysely_migration`.execute(db)).rows.map((r) => r.name),
      )
    : new Set<string>();
  return Object.keys(migrations).filter((name) => !applied.has(name));
}

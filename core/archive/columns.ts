/** The columns of an archived table, as the database has them now. */
import { sql } from "kysely";
import type { Db } from "../db.ts";

async function columns(db: Db, table: string, generated: boolean): Promise<string[]> {
  const result = await sql<{ name: string }>`
    select column_name as name from information_schema.columns
    where table_schema = current_schema() and table_name = ${table}
      and (is_generated <> 'NEVER') = ${generated}
    order by ordinal_position`.execute(db);
  return result.rows.map((r) => r.name);
}

/** The columns that hold data: what an archive carries and a restore writes. */
export const storedColumns = (db: Db, table: string) => columns(db, table, false);

/** Columns computed by the database (`generated always as … stored`): never archived, never written. */
export const generatedColumns = (db: Db, table: string) => columns(db, table, true);

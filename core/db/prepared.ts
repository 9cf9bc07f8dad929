/**
 * Hot statements prepared once per PostgreSQL connection (executePrepared); pool.ts sends them out
 * under the names kept here.
 */
import { createHash } from "node:crypto";
import type { Compilable } from "kysely";
import type { Db } from "./database.ts";

/** SQL text → statement name, for the statements run through `executePrepared()`. */
export const preparedNames = new Map<string, string>();

/**
 * Runs a hot statement with a fixed SQL text (a lookup by primary key, the recipe detail) as one
 * prepared once per PostgreSQL connection, and returns its rows: the server then parses and plans it once instead of on
 * every request, which here is most of the cost of a small query. Only for statements whose plan
 * does not depend on the values (PostgreSQL may switch a prepared statement to a generic plan).
 * PGlite runs everything in-process, so there it changes nothing.
 */
export async function executePrepared<O>(db: Db, query: Compilable<O>): Promise<O[]> {
  const compiled = query.compile();
  if (!preparedNames.has(compiled.sql)) {
    preparedNames.set(
      compiled.sql,
      `p_${createHash("sha1").update(compiled.sql).digest("hex").slice(0, 20)}`,
    );
  }
  return (await db.executeQuery(compiled)).rows;
}

/** The database layer: statements run with `executePrepared()` are prepared once per PostgreSQL connection. */
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { config } from "../../core/config.ts";
import { executePrepared, getDb } from "../../core/db.ts";
import { makeUser } from "../helpers/factories.ts";

describe("prepared statements", () => {
  it("answers the same rows, and on PostgreSQL keeps the statement prepared on the connection", async () => {
    const user = await makeUser();
    await getDb()
      .transaction()
      .execute(async (trx) => {
        // One transaction = one connection, so the session's prepared statements are visible.
        const query = () => trx.selectFrom("users").select(["id", "username"]).where("id", "=", user.id);
        expect(await executePrepared(trx, query())).toEqual([{ id: user.id, username: user.username }]);
        expect(await executePrepared(trx, query())).toEqual([{ id: user.id, username: user.username }]);
        const { rows } = await sql<{
          statement: string;
        }>`select statement from pg_prepared_statements where name like 'p\\_%'`.execute(trx);
        const statements = rows.map((r) => r.statement);
        const text = query().compile().sql;
        // PGlite runs in-process without named statements; PostgreSQL must hold ours.
        expect(statements.includes(text)).toBe(config.databaseUrl !== undefined);
      });
  });
});

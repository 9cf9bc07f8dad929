/** The database layer: statements run with `executePrepared()` are prepared once per PostgreSQL connection. */
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { config } from "../../core/config.ts";
import { executePrepared, getDb, isConnectionError } from "../../core/db.ts";
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

describe("isConnectionError", () => {
  it.each([
    "timeout exceeded when trying to connect",
    "Connection terminated unexpectedly",
    "Connection terminated due to connection timeout",
    "Connection terminated",
    "Client has encountered a connection error and is not queryable",
    "Client was closed and is not queryable",
  ])("counts pg's '%s' as the database being unavailable (503), not a bug (500)", (message) => {
    expect(isConnectionError(new Error(message))).toBe(true);
  });

  it.each([
    ["57P01", "terminating connection due to administrator command"],
    ["57014", "canceling statement due to statement timeout"],
    ["ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:5432"],
    ["08006", "connection failure"],
  ])("counts code %s as unavailable", (code, message) => {
    expect(isConnectionError(Object.assign(new Error(message), { code }))).toBe(true);
  });

  it("leaves other errors to be 500s", () => {
    expect(isConnectionError(Object.assign(new Error("duplicate key"), { code: "23505" }))).toBe(false);
    expect(isConnectionError(new Error("Connection terminated by a bug in a test"))).toBe(false);
    expect(isConnectionError("timeout exceeded when trying to connect")).toBe(false);
  });
});

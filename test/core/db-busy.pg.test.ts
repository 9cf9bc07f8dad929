/**
 * Issue 26, item 10: a request that waited in vain for a connection of a full pool is answered by
 * what PostgreSQL did meanwhile. It kept answering the requests holding the connections: the
 * process is busy (503 with Retry-After). It stayed silent: `Database is unavailable.`, as for an
 * outage (the fault suite, test/faults, freezes and stops a real server). PostgreSQL only (PGlite
 * has no pool): `*.pg.test.ts` files run only with DATABASE_URL (vitest.config.ts).
 */
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { config } from "../../core/config.ts";
import { getDb } from "../../core/db.ts";
import { problemResponse } from "../../functions/lib/problem.ts";

/**
 * Takes every connection of the pool for `hold` (again and again while `repeat`, until one more
 * request has waited for a connection and given up), and returns the answer to that request.
 */
async function waitBehindFullPool(
  hold: (connection: ReturnType<typeof getDb>) => Promise<unknown>,
  repeat: boolean,
) {
  const db = getDb();
  let holding = true;
  let started = 0;
  const holders = Array.from({ length: config.dbPoolMax }, () =>
    db.connection().execute(async (connection) => {
      started += 1;
      do await hold(connection);
      while (repeat && holding);
    }),
  );
  // Queued behind the holders: pg's pool counts connections still opening as taken.
  const outcome = await sql`select 1`.execute(db).then(
    () => undefined,
    (error: unknown) => error,
  );
  holding = false;
  await Promise.all(holders);
  expect(started).toBe(config.dbPoolMax);
  return problemResponse(outcome);
}

describe("a request that finds no free connection in time", () => {
  it("is 503 busy with Retry-After while PostgreSQL keeps answering", { timeout: 30_000 }, async () => {
    const response = await waitBehindFullPool(
      (connection) => sql`select pg_sleep(0.05)`.execute(connection),
      true,
    );
    expect(response.statusCode).toBe(503);
    expect(JSON.parse(response.body).detail).toBe(
      `The service is busy. Try again in ${Math.ceil(config.dbConnectTimeoutMs / 1000)} seconds.`,
    );
    expect(response.headers["retry-after"]).toBe(String(Math.ceil(config.dbConnectTimeoutMs / 1000)));
  });

  it("is 503 'Database is unavailable.' when PostgreSQL said nothing meanwhile", {
    timeout: 30_000,
  }, async () => {
    // One statement per connection, longer than the wait: no answer at all while the request waits.
    const sleep = sql.raw(`select pg_sleep(${(config.dbConnectTimeoutMs + 1000) / 1000})`);
    const response = await waitBehindFullPool((connection) => sleep.execute(connection), false);
    expect(response.statusCode).toBe(503);
    expect(JSON.parse(response.body).detail).toBe("Database is unavailable.");
    expect(response.headers["retry-after"]).toBeUndefined();
  });
});

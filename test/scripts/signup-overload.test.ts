/**
 * Issue 26, item 10: 200 concurrent sign-ups on the local server, at bcrypt's real cost, each from a
 * client address of its own (the sign-up throttle counts per address), all succeed. Hashing on the
 * event loop made most of them 503 `Database is unavailable.` on PostgreSQL: waits for a pool
 * connection ran past their 3 s bound while the CPU hashed. No timing assertions: statuses and rows.
 */
import { type IncomingHttpHeaders, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { unique } from "../helpers/factories.ts";

const SIGNUPS = 200;
/** The configured default (README: BCRYPT_COST), not the suite's 4: the load is the point here. */
const REAL_COST = "10";

let server: Server;
let port = 0;
let db: typeof import("../../core/db.ts");

beforeAll(async () => {
  // config is read once per module graph, and test/setup.ts has loaded it at the suite's cost: the
  // server gets a graph of its own (its own config, database handle and hashing pool) at the real cost.
  const suiteCost = process.env.BCRYPT_COST;
  process.env.BCRYPT_COST = REAL_COST;
  vi.resetModules();
  try {
    const { createApiServer } = await import("../../scripts/lib/http-server.ts");
    db = await import("../../core/db.ts");
    server = createApiServer();
  } finally {
    process.env.BCRYPT_COST = suiteCost;
  }
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await db.closeDb();
});

type Answer = { status: number; headers: IncomingHttpHeaders; body: string };

/** One sign-up on a connection of its own, from `localAddress` (any 127.x.y.z is this machine). */
function signUp(localAddress: string, account: Record<string, string>): Promise<Answer> {
  return new Promise((done, fail) => {
    const req = request({
      host: "127.0.0.1",
      port,
      localAddress,
      method: "POST",
      path: "/api/v1/users/",
      agent: false,
      timeout: 90_000,
      headers: { "content-type": "application/json" },
    });
    req.on("timeout", () => req.destroy(new Error(`no answer for ${account.username} in 90 s`)));
    req.on("error", fail);
    req.on("response", (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("error", fail);
      res.on("end", () =>
        done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }),
      );
    });
    req.end(JSON.stringify(account));
  });
}

describe("200 concurrent sign-ups on the local server", () => {
  it("all answer 201, and 200 accounts are stored", { timeout: 180_000 }, async () => {
    const prefix = unique("ov").toLowerCase();
    // A third octet per process, so parallel runs sharing a PostgreSQL database never share an address.
    const octet = (process.pid % 250) + 1;
    const answers = await Promise.all(
      Array.from({ length: SIGNUPS }, (_, i) => {
        const username = `${prefix}-${i}`;
        return signUp(`127.77.${octet}.${i + 1}`, {
          username,
          email: `${username}@example.com`,
          password: "a sign-up under load",
        });
      }),
    );
    const refused = answers.filter((a) => a.status !== 201).map((a) => `${a.status} ${a.body}`);
    expect(refused).toEqual([]);
    const stored = await db
      .getDb()
      .selectFrom("users")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("username", "like", `${prefix}-%`)
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(SIGNUPS);
    // Every hash was made at the real cost.
    const row = await db
      .getDb()
      .selectFrom("users")
      .select("password_hash")
      .where("username", "=", `${prefix}-0`)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$2[ab]\$10\$/);
  });
});

/**
 * Issue 26, item 10: bcrypt in worker threads (core/user/hash-pool.ts on core/worker-pool.ts), a bounded queue, and the
 * 503 "busy" a full queue answers, apart from the 503 of a database that is down.
 */
import { createRequire } from "node:module";
import bcrypt from "bcryptjs";
import { afterAll, describe, expect, it } from "vitest";
import { serviceBusy } from "../../core/busy.ts";
import { hashPool } from "../../core/user/hash-pool.ts";
import { MAX_WAIT_MS } from "../../core/worker-pool.ts";
import { problemResponse } from "../../functions/lib/problem.ts";

const bcryptjs = createRequire(import.meta.url).resolve("bcryptjs");
const pools: { close(): Promise<void> }[] = [];
const newPool = (size: number, msPerJob: number) => {
  const pool = hashPool(size, bcryptjs, msPerJob);
  pools.push(pool);
  return pool;
};

afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.close()));
});

describe("the hashing pool", () => {
  it("hashes and compares in worker threads, with bcrypt's own format", async () => {
    const pool = newPool(2, 100);
    const hash = (await pool.run({ op: "hash", password: "a pool password", cost: 4 })) as string;
    expect(hash).toMatch(/^\$2[ab]\$04\$/);
    expect(bcrypt.compareSync("a pool password", hash)).toBe(true);
    expect(await pool.run({ op: "compare", password: "a pool password", hash })).toBe(true);
    expect(await pool.run({ op: "compare", password: "another password", hash })).toBe(false);
    // Many at once come back each to its own caller.
    const passwords = Array.from({ length: 12 }, (_, i) => `password number ${i}`);
    const hashes = await Promise.all(
      passwords.map((password) => pool.run({ op: "hash", password, cost: 4 }) as Promise<string>),
    );
    for (const [i, password] of passwords.entries()) {
      expect(bcrypt.compareSync(password, hashes[i] ?? "")).toBe(true);
    }
  });

  it("sizes its queue from the expected time of a job: MAX_WAIT_MS of work per worker", () => {
    expect(newPool(2, 100).maxQueued).toBe(2 * (MAX_WAIT_MS / 100));
    expect(newPool(2, 400).maxQueued).toBe(2 * Math.floor(MAX_WAIT_MS / 400));
    expect(newPool(3, MAX_WAIT_MS * 2).maxQueued).toBe(3);
  });

  it("refuses a job beyond a full queue at once with 503 busy and Retry-After", async () => {
    // One worker, a queue of one: the first job runs, the second waits, the third is refused.
    const pool = newPool(1, MAX_WAIT_MS);
    const running = pool.run({ op: "hash", password: "first in line", cost: 8 });
    const waiting = pool.run({ op: "hash", password: "second in line", cost: 4 });
    const refused = pool.run({ op: "hash", password: "third in line", cost: 4 });
    await expect(refused).rejects.toMatchObject({
      kind: "unavailable",
      message: expect.stringMatching(/^The service is busy\. Try again in \d+ seconds?\.$/),
      details: { retryAfterSeconds: expect.any(Number) },
    });
    const response = problemResponse(await refused.catch((error: unknown) => error));
    expect(response.statusCode).toBe(503);
    expect(Number(response.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    expect(JSON.parse(response.body).detail).toMatch(/^The service is busy\./);
    // The admitted ones still finish, and then the queue takes work again.
    expect(await running).toMatch(/^\$2[ab]\$08\$/);
    expect(await waiting).toMatch(/^\$2[ab]\$04\$/);
    expect(await pool.run({ op: "hash", password: "after the rush", cost: 4 })).toMatch(/^\$2[ab]\$04\$/);
  });

  it("answers a job that fails in the worker with its error and keeps serving", async () => {
    const pool = newPool(1, 100);
    // bcryptjs throws "Illegal arguments" for a hash that is no string.
    const hash = 42 as unknown as string;
    await expect(pool.run({ op: "compare", password: "x".repeat(20), hash })).rejects.toThrow(/Illegal/);
    expect(await pool.run({ op: "hash", password: "still working", cost: 4 })).toMatch(/^\$2[ab]\$04\$/);
  });
});

describe("the busy answer", () => {
  it("is a 503 with Retry-After and a sentence that says so, never 'Database is unavailable.'", () => {
    const response = problemResponse(serviceBusy(2.2));
    expect(response.statusCode).toBe(503);
    expect(response.headers["retry-after"]).toBe("3");
    expect(JSON.parse(response.body)).toMatchObject({
      status: 503,
      title: "Service Unavailable",
      detail: "The service is busy. Try again in 3 seconds.",
    });
    expect(problemResponse(serviceBusy(0.1)).headers["retry-after"]).toBe("1");
    expect(JSON.parse(problemResponse(serviceBusy(0.1)).body).detail).toBe(
      "The service is busy. Try again in 1 second.",
    );
  });
});

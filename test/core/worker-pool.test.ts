/**
 * Issue 36, item 1: work that may run long is stopped at a deadline (core/worker-pool.ts): the
 * worker is terminated, the job refused, and the pool serves the next job on a new worker. A
 * worker's start does not count against a job. The queue and the 503 busy are tested with the
 * hashing pool (hash-pool.test.ts).
 */
import { Worker } from "node:worker_threads";
import { afterAll, describe, expect, it } from "vitest";
import { AppError } from "../../core/errors.ts";
import { DeadlineExceeded, WorkerPool } from "../../core/worker-pool.ts";

/**
 * A worker that, after `startMs` of loading, says it is ready; then doubles numbers, spins forever
 * on "spin", and answers "refuse" with a 422 as read-worker.ts posts an AppError.
 */
const source = (startMs: number) =>
  `const{parentPort:p}=require("node:worker_threads");const t=Date.now();while(Date.now()-t<${startMs});` +
  'p.postMessage({ready:true});p.on("message",j=>{if(j==="spin")for(;;);' +
  'if(j==="refuse")return p.postMessage({error:{message:"No recipe was found in the HTML.",kind:"invalid",' +
  'details:{errors:[{path:"html",message:"No recipe was found in the HTML."}]}}});' +
  "p.postMessage({value:j*2})})";

const pools: { close(): Promise<void> }[] = [];
const newPool = (deadlineMs: number, startMs = 0) => {
  const pool = new WorkerPool<number | string, number>({
    size: 1,
    msPerJob: 100,
    deadlineMs,
    name: "test",
    start: () => new Worker(source(startMs), { eval: true, execArgv: [] }),
  });
  pools.push(pool);
  return pool;
};

afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.close()));
});

describe("a worker pool with a deadline", () => {
  it("stops a job that runs past it, refuses it, and serves the next one on a new worker", async () => {
    const pool = newPool(200);
    expect(await pool.run(21)).toBe(42);
    const spinning = pool.run("spin");
    const waiting = pool.run(5); // queued behind the spinning job: its wait is not its time
    const spun = await spinning.catch((error: unknown) => error);
    expect(spun).toBeInstanceOf(DeadlineExceeded);
    expect(spun).toMatchObject({ deadlineMs: 200 });
    expect(await waiting).toBe(10);
    expect(await pool.run(4)).toBe(8);
  });

  it("gives an AppError posted by the worker back as the same AppError", async () => {
    const refused = await newPool(1000)
      .run("refuse")
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({
      kind: "invalid",
      message: "No recipe was found in the HTML.",
      details: { errors: [{ path: "html", message: "No recipe was found in the HTML." }] },
    });
  });

  it("counts a job's time from the worker's ready, not from its start", async () => {
    // The worker takes 1.5 s to load; the job itself is instant and its deadline 500 ms.
    expect(await newPool(500, 1500).run(3)).toBe(6);
  });
});

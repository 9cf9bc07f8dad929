/**
 * bcrypt off the event loop, for long-running processes (the local server), on a worker pool
 * (core/worker-pool.ts): bcryptjs is plain JavaScript, about 100 ms of CPU per hash at cost 10: on
 * the event loop, 200 concurrent sign-ups held every other request of the process back, so long that
 * waits for a database connection ran past their bound and answered 503 `Database is unavailable.`
 * while the database was fine. The pool's queue holds MAX_WAIT_MS of hashing at the configured cost
 * (250 jobs per worker at cost 10, 62 at cost 12); beyond it, 503 busy.
 *
 * The worker's code is a string run with `eval`, requiring bcryptjs by the absolute path this module
 * resolves: no worker file has to be found beside the module, so it runs the same under tsx, under
 * vitest and from a bundle that has node_modules above it. Only the local server uses it
 * (scripts/lib/http-server.ts): a Lambda hashes in its own thread, and its bundle has none of this.
 */
import { createRequire } from "node:module";
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { WorkerPool } from "../worker-pool.ts";
import type { PasswordHasher } from "./password.ts";

/** bcryptjs's time per hash at cost 10 on this project's machines (2 cores, Node 22). */
export const MS_PER_HASH_AT_COST_10 = 100;

/**
 * The worker: bcryptjs by the path it is given, one job at a time (sync calls: the thread has nothing
 * else to do), each answered with `{value}` or `{error}`. Kept short: it is part of every bundle
 * that hashes, though a Lambda never runs it.
 */
const WORKER_SOURCE =
  'const{parentPort:p,workerData:d}=require("node:worker_threads"),b=require(d.bcryptjs);p.on("message",j=>{' +
  'try{p.postMessage({value:j.op==="hash"?b.hashSync(j.password,j.cost):b.compareSync(j.password,j.hash)})}' +
  "catch(e){p.postMessage({error:String((e&&e.message)||e)})}})";

export type HashJob =
  | { op: "hash"; password: string; cost: number }
  | { op: "compare"; password: string; hash: string };

/** `size` workers running bcryptjs from `bcryptjsPath`; `msPerJob`: the expected time of one hash. */
export const hashPool = (size: number, bcryptjsPath: string, msPerJob: number) =>
  new WorkerPool<HashJob, string | boolean>({
    size,
    msPerJob,
    name: "hashing",
    // No execArgv of the process (`--import tsx`): the worker is plain CommonJS and needs no loader.
    start: () =>
      new Worker(WORKER_SOURCE, { eval: true, execArgv: [], workerData: { bcryptjs: bcryptjsPath } }),
  });

/**
 * A worker pool as the passwords' hasher (core/user/password.ts), sized one worker per CPU and its
 * queue for MAX_WAIT_MS of work at `cost`; null when bcryptjs cannot be found on disk (a bundle
 * copied away from node_modules): passwords are then hashed in the calling thread.
 */
export function workerHasher(cost: number): PasswordHasher | null {
  let bcryptjs: string;
  try {
    bcryptjs = createRequire(import.meta.url).resolve("bcryptjs");
  } catch {
    return null;
  }
  const size = Math.max(1, availableParallelism());
  const pool = hashPool(size, bcryptjs, MS_PER_HASH_AT_COST_10 * 2 ** (cost - 10));
  return {
    hash: async (password, cost) => (await pool.run({ op: "hash", password, cost })) as string,
    compare: async (password, hash) => (await pool.run({ op: "compare", password, hash })) as boolean,
  };
}

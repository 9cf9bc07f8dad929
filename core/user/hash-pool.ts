/**
 * bcrypt off the event loop, for long-running processes (the local server): worker threads, one per
 * CPU, hash and compare, fed in order from one queue. bcryptjs is plain JavaScript, about 100 ms of
 * CPU per hash at cost 10: on the event loop, 200 concurrent sign-ups held every other request of
 * the process back, so long that waits for a database connection ran past their bound and answered
 * 503 `Database is unavailable.` while the database was fine.
 *
 * The queue is bounded: it holds what the workers get through in MAX_WAIT_MS at the configured cost
 * on this project's machines (about 100 ms per hash at cost 10, doubling per step: 250 jobs per
 * worker at cost 10, 62 at cost 12). A job beyond that is refused at once with 503 `The service is
 * busy. Try again in N seconds.` (N: the queue's drain time at the speed of recent jobs), rather
 * than answered after the client has given up. The bound is a count, not a measured time, so a
 * burst is admitted or refused the same way however busy the machine is at that moment.
 *
 * The worker's code is a string run with `eval`, requiring bcryptjs by the absolute path this module
 * resolves: no worker file has to be found beside the module, so it runs the same under tsx, under
 * vitest and from a bundle that has node_modules above it. Only the local server uses it
 * (scripts/lib/http-server.ts): a Lambda hashes in its own thread, and its bundle has none of this.
 */
import { createRequire } from "node:module";
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { serviceBusy } from "../busy.ts";
import type { PasswordHasher } from "./password.ts";

/** The queue's worth of work: below API Gateway's 30 s, like every other bound of a request. */
export const MAX_WAIT_MS = 25_000;

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

type Queued = { job: HashJob; resolve: (value: string | boolean) => void; reject: (error: Error) => void };

/** A worker and the job it is running, if any. */
type Slot = { worker: Worker; queued?: Queued | undefined; startedAt: number };

export class HashPool {
  private readonly slots = new Set<Slot>();
  private readonly idle: Slot[] = [];
  private readonly queue: Queued[] = [];
  /** Recent jobs' time in a worker, smoothed: what Retry-After is reckoned with. */
  private msPerJob: number;
  /** Jobs that may wait for a worker. */
  readonly maxQueued: number;

  /** `size` workers; `msPerJob`: the expected time of one job, which sizes the queue (MAX_WAIT_MS of work). */
  constructor(
    private readonly size: number,
    private readonly bcryptjsPath: string,
    msPerJob: number,
  ) {
    this.msPerJob = msPerJob;
    this.maxQueued = size * Math.max(1, Math.floor(MAX_WAIT_MS / msPerJob));
  }

  /** Runs a job on a worker, or refuses it at once (503 busy, Retry-After) when the queue is full. */
  run(job: HashJob): Promise<string | boolean> {
    if (this.queue.length >= this.maxQueued) {
      return Promise.reject(serviceBusy((this.queue.length / this.size) * (this.msPerJob / 1000)));
    }
    return new Promise((resolve, reject) => {
      this.queue.push({ job, resolve, reject });
      this.pump();
    });
  }

  /** Stops every worker (tests); jobs still queued or running are refused. */
  async close(): Promise<void> {
    const closed = new Error("The hashing pool was closed.");
    for (const queued of this.queue.splice(0)) queued.reject(closed);
    const slots = [...this.slots];
    this.slots.clear();
    this.idle.length = 0;
    for (const slot of slots) {
      slot.queued?.reject(closed);
      slot.queued = undefined;
    }
    await Promise.all(slots.map((slot) => slot.worker.terminate()));
  }

  private pump(): void {
    while (this.queue.length > 0) {
      const slot = this.idle.pop() ?? (this.slots.size < this.size ? this.start() : undefined);
      if (!slot) return;
      slot.queued = this.queue.shift();
      slot.startedAt = performance.now();
      // A busy worker keeps the process alive until it answers; an idle one does not.
      slot.worker.ref();
      slot.worker.postMessage(slot.queued?.job);
    }
  }

  private start(): Slot {
    // No execArgv of the process (`--import tsx`): the worker is plain CommonJS and needs no loader.
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      execArgv: [],
      workerData: { bcryptjs: this.bcryptjsPath },
    });
    const slot: Slot = { worker, startedAt: 0 };
    this.slots.add(slot);
    worker.on("message", (reply: { value?: string | boolean; error?: string }) => {
      const queued = slot.queued;
      if (!queued) return;
      slot.queued = undefined;
      this.msPerJob = 0.8 * this.msPerJob + 0.2 * (performance.now() - slot.startedAt);
      if (reply.error === undefined) queued.resolve(reply.value as string | boolean);
      else queued.reject(new Error(reply.error));
      worker.unref();
      this.idle.push(slot);
      this.pump();
    });
    // A worker that fails or ends is dropped: its job is refused with the error, another takes the queue on.
    const lost = (error: Error) => {
      if (!this.slots.delete(slot)) return; // already dropped (an error, then its exit), or closed
      const index = this.idle.indexOf(slot);
      if (index >= 0) this.idle.splice(index, 1);
      slot.queued?.reject(error);
      this.pump();
    };
    worker.on("error", lost);
    worker.on("exit", (code) => lost(new Error(`A hashing worker exited with code ${code}.`)));
    return slot;
  }
}

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
  const pool = new HashPool(size, bcryptjs, MS_PER_HASH_AT_COST_10 * 2 ** (cost - 10));
  return {
    hash: async (password, cost) => (await pool.run({ op: "hash", password, cost })) as string,
    compare: async (password, hash) => (await pool.run({ op: "compare", password, hash })) as boolean,
  };
}

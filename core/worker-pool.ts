/**
 * CPU-bound work off the event loop, for long-running processes (the local server): worker threads,
 * started on demand up to `size`, fed in order from one bounded queue. Used for bcrypt
 * (core/user/hash-pool.ts) and for reading imported pages and ingredient lines
 * (core/page-import/read-pool.ts); a Lambda serves one request at a time and runs both in its own
 * thread, so its bundles carry none of this.
 *
 * The queue holds what the workers get through in MAX_WAIT_MS at the expected time of a job; a job
 * beyond that is refused at once with 503 `The service is busy. Try again in N seconds.` (N: the
 * queue's drain time at the speed of recent jobs) rather than answered after the client has given
 * up. The bound is a count, not a measured time, so a burst is admitted or refused the same way
 * however busy the machine is at that moment.
 *
 * With a `deadlineMs`, a job still running after it is stopped: its worker is terminated (the only
 * way to stop synchronous code), the job is refused with `DeadlineExceeded`, and a new worker takes
 * the queue on. Such a worker posts `{ready: true}` once it has loaded its code, and a job's deadline
 * counts from then: neither the wait in the queue nor a worker's start (half a second under tsx, more
 * on a busy machine) is the job's.
 *
 * A worker answers each message (a job) with `{value}` or `{error}`: a message, or an AppError's
 * `{kind, message, details}` (workerError), which comes back as the same AppError.
 */
import type { Worker } from "node:worker_threads";
import { serviceBusy } from "./busy.ts";
import { AppError, type ErrorKind } from "./errors.ts";

/** The queue's worth of work: below API Gateway's 30 s, like every other bound of a request. */
export const MAX_WAIT_MS = 25_000;

/** A job stopped at its pool's deadline. */
export class DeadlineExceeded extends Error {
  constructor(readonly deadlineMs: number) {
    super(`The job ran past its deadline of ${deadlineMs} ms.`);
    this.name = "DeadlineExceeded";
  }
}

/** What a worker posts for an error: an AppError keeps its kind, sentence and details. */
export type WorkerError = string | { message: string; kind?: ErrorKind; details?: AppError["details"] };

/** The `{error}` a worker posts for `error` (used inside workers). */
export function workerError(error: unknown): WorkerError {
  if (error instanceof AppError) return { message: error.message, kind: error.kind, details: error.details };
  return String((error as Error | undefined)?.message ?? error);
}

function fromWorker(error: WorkerError): Error {
  if (typeof error === "string") return new Error(error);
  return error.kind ? new AppError(error.kind, error.message, error.details) : new Error(error.message);
}

export type WorkerPoolOptions = {
  /** Workers at most. */
  size: number;
  /** The expected time of one job: sizes the queue (MAX_WAIT_MS of work) and the first Retry-After. */
  msPerJob: number;
  /** Starts one worker. */
  start: () => Worker;
  /** Stops a job running longer than this (terminating its worker); none when absent. The workers then post `{ready: true}`. */
  deadlineMs?: number;
  /** What the pool's work is, for the message of a worker that ends: `hashing`, `page reading`. */
  name: string;
};

type Queued<Job, Result> = { job: Job; resolve: (value: Result) => void; reject: (error: Error) => void };

/** A worker and the job it is running, if any. */
type Slot<Job, Result> = {
  worker: Worker;
  queued?: Queued<Job, Result> | undefined;
  startedAt: number;
  /** The worker has loaded its code (always, in a pool without a deadline). */
  ready: boolean;
  deadline?: NodeJS.Timeout | undefined;
};

export class WorkerPool<Job, Result> {
  private readonly slots = new Set<Slot<Job, Result>>();
  private readonly idle: Slot<Job, Result>[] = [];
  private readonly queue: Queued<Job, Result>[] = [];
  /** Recent jobs' time in a worker, smoothed: what Retry-After is reckoned with. */
  private msPerJob: number;
  /** Jobs that may wait for a worker. */
  readonly maxQueued: number;

  constructor(private readonly options: WorkerPoolOptions) {
    this.msPerJob = options.msPerJob;
    this.maxQueued = options.size * Math.max(1, Math.floor(MAX_WAIT_MS / options.msPerJob));
  }

  /** Runs a job on a worker, or refuses it at once (503 busy, Retry-After) when the queue is full. */
  run(job: Job): Promise<Result> {
    if (this.queue.length >= this.maxQueued) {
      return Promise.reject(serviceBusy((this.queue.length / this.options.size) * (this.msPerJob / 1000)));
    }
    return new Promise((resolve, reject) => {
      this.queue.push({ job, resolve, reject });
      this.pump();
    });
  }

  /** Stops every worker (tests, a server's close); jobs still queued or running are refused. */
  async close(): Promise<void> {
    const closed = new Error(`The ${this.options.name} pool was closed.`);
    for (const queued of this.queue.splice(0)) queued.reject(closed);
    const slots = [...this.slots];
    this.slots.clear();
    this.idle.length = 0;
    for (const slot of slots) {
      clearTimeout(slot.deadline);
      slot.queued?.reject(closed);
      slot.queued = undefined;
    }
    await Promise.all(slots.map((slot) => slot.worker.terminate()));
  }

  private pump(): void {
    while (this.queue.length > 0) {
      const slot = this.idle.pop() ?? (this.slots.size < this.options.size ? this.start() : undefined);
      if (!slot) return;
      slot.queued = this.queue.shift();
      if (slot.ready) this.startClock(slot);
      // A busy worker keeps the process alive until it answers; an idle one does not.
      slot.worker.ref();
      slot.worker.postMessage(slot.queued?.job);
    }
  }

  /** The job's time starts: its deadline, and the time that Retry-After is reckoned with. */
  private startClock(slot: Slot<Job, Result>): void {
    slot.startedAt = performance.now();
    const { deadlineMs } = this.options;
    if (deadlineMs === undefined) return;
    const queued = slot.queued;
    slot.deadline = setTimeout(() => {
      if (slot.queued !== queued) return;
      this.drop(slot, new DeadlineExceeded(deadlineMs));
      void slot.worker.terminate();
    }, deadlineMs);
  }

  private start(): Slot<Job, Result> {
    const worker = this.options.start();
    const slot: Slot<Job, Result> = { worker, startedAt: 0, ready: this.options.deadlineMs === undefined };
    this.slots.add(slot);
    worker.on("message", (reply: { ready?: true; value?: Result; error?: WorkerError }) => {
      if (reply.ready) {
        slot.ready = true;
        if (slot.queued) this.startClock(slot);
        return;
      }
      const queued = slot.queued;
      if (!queued) return;
      clearTimeout(slot.deadline);
      slot.queued = undefined;
      this.msPerJob = 0.8 * this.msPerJob + 0.2 * (performance.now() - slot.startedAt);
      if (reply.error === undefined) queued.resolve(reply.value as Result);
      else queued.reject(fromWorker(reply.error));
      worker.unref();
      this.idle.push(slot);
      this.pump();
    });
    // A worker that fails or ends is dropped: its job is refused with the error, another takes the queue on.
    worker.on("error", (error) => this.drop(slot, error));
    worker.on("exit", (code) =>
      this.drop(slot, new Error(`A ${this.options.name} worker exited with code ${code}.`)),
    );
    return slot;
  }

  /** Takes a worker out of the pool (it failed, ended or ran past the deadline) and refuses its job. */
  private drop(slot: Slot<Job, Result>, error: Error): void {
    if (!this.slots.delete(slot)) return; // already dropped (an error, then its exit), or closed
    clearTimeout(slot.deadline);
    const index = this.idle.indexOf(slot);
    if (index >= 0) this.idle.splice(index, 1);
    slot.queued?.reject(error);
    slot.queued = undefined;
    this.pump();
  }
}

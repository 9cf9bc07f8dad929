/**
 * Pages and ingredient lines read on worker threads (core/worker-pool.ts), for the local server
 * (scripts/lib/http-server.ts): a crafted page or line costs a worker, never the event loop every
 * other request (and `/health`) waits on, and a read that runs past READ_DEADLINE_MS is stopped and
 * answered 422. Every shape measured by `npm run bench:import` reads in well under a second; the
 * deadline is the bound for the shapes nobody has thought of yet.
 *
 * The worker is read-worker.ts, run through tsx as the server itself is (`--import tsx`, resolved
 * from this module, so the worker finds it whatever the working directory).
 */
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { Invalid } from "../errors.ts";
import { DeadlineExceeded, WorkerPool } from "../worker-pool.ts";
import type { ParsedLine } from "./ingredient-line.ts";
import type { PageReader, PageReading, ReadJob } from "./read-page.ts";

/** A read still running after this is stopped (422). */
export const READ_DEADLINE_MS = 5_000;

/** A typical page's read (the corpus's median is under 30 ms; a hostile one's up to about 500 ms). */
const MS_PER_READ = 100;

/** `error`, or the 422 that says the read ran out of time (`what`: the thing that was read; `path`: its field). */
function outOfTime(error: unknown, what: string, path: string): unknown {
  if (!(error instanceof DeadlineExceeded)) return error;
  const message = `${what} could not be read within ${error.deadlineMs / 1000} seconds.`;
  return Invalid(message, [{ path, message }]);
}

/** What a read of each source is called in the 422. */
const READ_OF = { url: "The page", html: "The HTML", json: "The JSON-LD" } as const;

/** A pool of `size` reading workers (one per CPU by default); `deadlineMs` stops a read (tests shorten it). */
export function readingPool(size = Math.max(1, availableParallelism()), deadlineMs = READ_DEADLINE_MS) {
  const tsx = import.meta.resolve("tsx");
  return new WorkerPool<ReadJob, PageReading | ParsedLine[]>({
    size,
    msPerJob: MS_PER_READ,
    deadlineMs,
    name: "page reading",
    start: () => new Worker(new URL("./read-worker.ts", import.meta.url), { execArgv: ["--import", tsx] }),
  });
}

/** The pool as the process's page reader (read-page.ts's `readPagesWith`). */
export function workerReader(pool = readingPool()): PageReader {
  return {
    readPage: (source) =>
      (pool.run({ op: "page", source }) as Promise<PageReading>).catch((error) => {
        throw outOfTime(error, READ_OF[source.field], source.field);
      }),
    readLines: (lines, language) =>
      (pool.run({ op: "lines", lines, language }) as Promise<ParsedLine[]>).catch((error) => {
        throw outOfTime(error, "The lines", "lines");
      }),
  };
}

/**
 * A worker thread of the page-reading pool (read-pool.ts): it says `{ready: true}` once loaded (a
 * job's deadline counts from then); each message is a job, answered with `{value}` (plain data,
 * cloned back) or `{error}` (an AppError keeps its kind and sentence).
 */
import { parentPort } from "node:worker_threads";
import { workerError } from "../worker-pool.ts";
import { type ReadJob, readLineTexts, readPage } from "./read-page.ts";

parentPort?.on("message", (job: ReadJob) => {
  try {
    parentPort?.postMessage({
      value: job.op === "page" ? readPage(job.source) : readLineTexts(job.lines, job.language),
    });
  } catch (error) {
    parentPort?.postMessage({ error: workerError(error) });
  }
});

parentPort?.postMessage({ ready: true });

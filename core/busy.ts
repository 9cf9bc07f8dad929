/**
 * The 503 of a process with more work than it can start in time (hashing queue full, no database
 * connection free while the database keeps answering), told apart from an outage: the database or
 * the storage being down stays `Database is unavailable.` / `Storage is unavailable.`.
 */
import { AppError } from "./errors.ts";

/** 503 `The service is busy. Try again in N seconds.` with `Retry-After: N`. */
export function serviceBusy(retryAfterSeconds: number): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new AppError(
    "unavailable",
    `The service is busy. Try again in ${seconds} second${seconds === 1 ? "" : "s"}.`,
    { retryAfterSeconds: seconds },
  );
}

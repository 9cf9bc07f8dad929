/**
 * What the object store's errors mean to the service. Apart from core/storage.ts (which re-exports
 * it), so that the error pipeline can tell storage being down without bundling the S3 client.
 */

import { UNREACHABLE_CODES } from "./network-errors.ts";

/** True for errors that mean the object store is down or unreachable, not that a request was wrong. */
export function isStorageUnavailable(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const e = error as {
    code?: string;
    name?: string;
    errors?: unknown[];
    $metadata?: { httpStatusCode?: number };
  };
  // Node reports a host with several addresses (localhost → ::1 and 127.0.0.1) as an AggregateError.
  if (Array.isArray(e.errors) && e.errors.some(isStorageUnavailable)) return true;
  const networkCodes = [...UNREACHABLE_CODES, "EHOSTUNREACH", "ENETUNREACH"];
  if (e.code && networkCodes.includes(e.code)) return true;
  if (e.name === "TimeoutError") return true;
  const status = e.$metadata?.httpStatusCode;
  return typeof status === "number" && status >= 500 && "$fault" in e;
}

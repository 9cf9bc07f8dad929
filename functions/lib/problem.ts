/** Maps every error to the contract's problem+json body. The only place that knows status codes. */
import { serviceBusy } from "../../core/busy.ts";
import { isConnectionError } from "../../core/db-errors.ts";
import { type AppError, type ErrorKind, isAppError } from "../../core/errors.ts";
import { isStorageUnavailable } from "../../core/storage-errors.ts";
import { NO_STORE, NOSNIFF } from "./cors.ts";
import type { HttpResponse } from "./http-response.ts";

const STATUS: Record<ErrorKind, number> = {
  bad_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  misdirected: 421,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  headers_too_large: 431,
  invalid: 422,
  too_many_requests: 429,
  unavailable: 503,
};

/** The reason phrase of each status the API answers with: the problem body's `title`. */
export const STATUS_TITLES: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  413: "Content Too Large",
  415: "Unsupported Media Type",
  421: "Misdirected Request",
  422: "Unprocessable Content",
  429: "Too Many Requests",
  431: "Request Header Fields Too Large",
  500: "Internal Server Error",
  503: "Service Unavailable",
};

export const statusOf = (kind: ErrorKind): number => STATUS[kind];

/**
 * Middy's own timeout (`TimeoutError`, cause `@middy/core`): the request ran out of its function's
 * time, as a process far behind its work does; not storage being down, whose errors share the name.
 */
const isHandlerTimeout = (error: unknown): boolean =>
  error instanceof Error &&
  error.name === "TimeoutError" &&
  (error.cause as { package?: unknown } | undefined)?.package === "@middy/core";

/** The wait before a request that ran out of time is tried again. */
const TIMEOUT_RETRY_SECONDS = 5;

/** What an error tells the client: its status and a sentence that never carries internals. */
export function problemOf(error: unknown): { status: number; detail: string; appError?: AppError } {
  if (isHandlerTimeout(error)) return problemOf(serviceBusy(TIMEOUT_RETRY_SECONDS));
  if (isAppError(error)) return { status: STATUS[error.kind], detail: error.message, appError: error };
  if (isConnectionError(error)) return { status: 503, detail: "Database is unavailable." };
  if (isStorageUnavailable(error)) return { status: 503, detail: "Storage is unavailable." };
  return { status: 500, detail: "Internal server error." };
}

/** The response for an error (problemOf), as application/problem+json. */
export function problemResponse(error: unknown): HttpResponse {
  const { status, detail, appError } = problemOf(error);
  const headers: Record<string, string> = {
    "content-type": "application/problem+json",
    ...NOSNIFF,
    ...NO_STORE,
  };
  if (status === 401) headers["www-authenticate"] = 'Bearer realm="api"';
  if (appError?.details.retryAfterSeconds !== undefined) {
    headers["retry-after"] = String(appError.details.retryAfterSeconds);
  }
  if (appError?.details.allow) headers.allow = appError.details.allow.join(", ");
  const body = {
    type: "about:blank",
    title: STATUS_TITLES[status] ?? "Error",
    status,
    detail,
    ...(appError?.details.errors ? { errors: appError.details.errors } : {}),
    ...(appError?.details.existingId !== undefined ? { existing_id: appError.details.existingId } : {}),
  };
  return { statusCode: status, headers, body: JSON.stringify(body) };
}

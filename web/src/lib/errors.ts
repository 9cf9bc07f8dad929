/**
 * The one place that turns a failed API call into what a person reads: the problem+json `detail`
 * sentence for the page, and `errors[].path` → message for the form field that path names.
 */
import type { components } from "./api/schema";

/** An RFC 9457 problem as the API sends it (see CONTRACT.md, Errors). */
type Problem = components["schemas"]["Problem"];

export const UNREACHABLE_MESSAGE =
  "The recipe service cannot be reached. Check your connection and try again.";

export class ApiError extends Error {
  override readonly name = "ApiError";
  constructor(
    /** HTTP status; 0 when no answer came back at all. */
    readonly status: number,
    message: string,
    /** Field path (`ingredients.0.amount_grams`) → the first message about it. */
    readonly fieldErrors: Readonly<Record<string, string>> = {},
    /** A 409 for a taken name: the id of the ingredient or category that has it. */
    readonly existingId?: number,
  ) {
    super(message);
  }

  /** True when the service did not answer (network down, API not running, a proxy with no API). */
  get unreachable(): boolean {
    return this.status === 0;
  }
}

const isProblem = (body: unknown): body is Problem =>
  typeof body === "object" && body !== null && typeof (body as Problem).detail === "string";

/** Builds the error for an answer that was not a success. `body` is the parsed body, if any. */
export function toApiError(status: number, body: unknown): ApiError {
  if (isProblem(body)) {
    const fields: Record<string, string> = {};
    for (const { path, message } of body.errors ?? []) fields[path] ??= message;
    return new ApiError(status, body.detail, fields, body.existing_id);
  }
  // A 5xx that is not the API's own problem body comes from a proxy or gateway in front of it:
  // to the person, the service is simply not there.
  if (status >= 500) return new ApiError(0, UNREACHABLE_MESSAGE);
  return new ApiError(status, `The request failed (status ${status}).`);
}

/** The sentence to show for any error a query or mutation threw. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof TypeError) return UNREACHABLE_MESSAGE; // fetch() failed before any answer
  return "Something went wrong. Try again.";
}

/** The message about one form field (by its API path), or undefined. */
export function fieldError(error: unknown, path: string): string | undefined {
  return error instanceof ApiError ? error.fieldErrors[path] : undefined;
}

/** True when the error says "this thing does not exist" (404), so a page can show its not-found state. */
export const isNotFound = (error: unknown): boolean => error instanceof ApiError && error.status === 404;

/** A 403: the thing exists, but not for this person (any more). */
export const isForbidden = (error: unknown): boolean => error instanceof ApiError && error.status === 403;

/**
 * The one place that turns a failed API call into what a person reads, in their language: the app's
 * own sentence for the errors it knows (by status, the request that failed and, where useful, the
 * field), the API's English `detail` only for what it does not know (CONTRACT.md: languages and
 * units); and `errors[].path` → message for the form field that path names.
 */
import { t } from "../i18n/index.ts";
import type { components } from "./api/schema";

/** An RFC 9457 problem as the API sends it (see CONTRACT.md, Errors). */
type Problem = components["schemas"]["Problem"];

/** The English sentence kept on an unanswered request's error (errorMessage says it in the person's language). */
export const UNREACHABLE_MESSAGE =
  "The recipe service cannot be reached. Check your connection and try again.";

/**
 * What the app was doing when the API refused, where the status alone does not say what went wrong
 * (a 401 to a log-in is a wrong password, not an ended session).
 */
export type Action = "log-in";

export class ApiError extends Error {
  override readonly name = "ApiError";
  constructor(
    /** HTTP status; 0 when no answer came back at all. */
    readonly status: number,
    /** The API's own sentence (`detail`, English), or the app's English one when there was none. */
    message: string,
    /** Field path (`ingredients.0.amount_grams`) → the first message about it. */
    readonly fieldErrors: Readonly<Record<string, string>> = {},
    /** A 409 for a taken name: the id of the ingredient or category that has it. */
    readonly existingId?: number,
    /** Seconds to wait before trying again (a 429's `Retry-After`). */
    readonly retryAfter?: number,
    readonly action?: Action,
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

/** `Retry-After` in seconds: a number of seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterSeconds(header: string | null | undefined, now = Date.now()): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

/**
 * Builds the error for an answer that was not a success. `body` is the parsed body, if any;
 * `answer` the response's `Retry-After` and what the app was doing.
 */
export function toApiError(
  status: number,
  body: unknown,
  answer: { retryAfter?: string | null; action?: Action } = {},
): ApiError {
  const retryAfter = retryAfterSeconds(answer.retryAfter);
  if (isProblem(body)) {
    const fields: Record<string, string> = {};
    for (const { path, message } of body.errors ?? []) fields[path] ??= message;
    return new ApiError(status, body.detail, fields, body.existing_id, retryAfter, answer.action);
  }
  // A 5xx that is not the API's own problem body comes from a proxy or gateway in front of it:
  // to the person, the service is simply not there.
  if (status >= 500) return new ApiError(0, UNREACHABLE_MESSAGE);
  return new ApiError(
    status,
    `The request failed (status ${status}).`,
    {},
    undefined,
    retryAfter,
    answer.action,
  );
}

/** The name a 409 says is taken (`Ingredient name 'Eggs' already exists as 'Egg' (ID 3).`): the one that exists. */
const takenName = (detail: string): string | undefined =>
  /already exists as '(.+)' \(ID \d+\)/.exec(detail)?.[1] ?? /name '(.+)' already exists/.exec(detail)?.[1];

/** The app's own sentence for an error it knows, or undefined. */
function knownMessage(error: ApiError): string | undefined {
  switch (error.status) {
    case 0:
      return t("lib.unreachable");
    case 401:
      return error.action === "log-in" ? t("lib.loginRefused") : undefined;
    case 409: {
      if (error.existingId === undefined) return undefined;
      const name = takenName(error.message);
      return name ? t("lib.nameTaken", { name }) : undefined;
    }
    case 413:
      return t("lib.tooLarge");
    case 429:
      if (error.retryAfter === undefined) return t("lib.tooManyTries");
      return error.retryAfter < 120
        ? t("lib.tooManyTriesSeconds", { seconds: Math.max(1, error.retryAfter) })
        : t("lib.tooManyTriesMinutes", { minutes: Math.ceil(error.retryAfter / 60) });
    default:
      return undefined;
  }
}

/** The sentence to show for any error a query or mutation threw, in the person's language. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const known = knownMessage(error);
    if (known) return known;
    // An answer without the API's problem body: the app's sentence, with the status.
    if (error.message === `The request failed (status ${error.status}).`) {
      return t("lib.requestFailed", { status: error.status });
    }
    return error.message;
  }
  if (error instanceof TypeError) return t("lib.unreachable"); // fetch() failed before any answer
  return t("lib.somethingWentWrong");
}

/** The message about one form field (by its API path), or undefined. */
export function fieldError(error: unknown, path: string): string | undefined {
  return error instanceof ApiError ? error.fieldErrors[path] : undefined;
}

/** True when the error says "this thing does not exist" (404), so a page can show its not-found state. */
export const isNotFound = (error: unknown): boolean => error instanceof ApiError && error.status === 404;

/** A 403: the thing exists, but not for this person (any more). */
export const isForbidden = (error: unknown): boolean => error instanceof ApiError && error.status === 403;

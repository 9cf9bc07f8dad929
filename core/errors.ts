/**
 * Errors the domain raises on purpose. Each carries a sentence in the spec's wording
 * (string values in single quotes, numbers bare); the HTTP layer alone maps kinds to statuses.
 */

export type FieldError = { path: string; message: string };

export type ErrorKind =
  | "bad_request"
  | "unauthenticated"
  | "forbidden"
  | "not_found"
  | "method_not_allowed"
  | "misdirected"
  | "conflict"
  | "payload_too_large"
  | "unsupported_media_type"
  | "headers_too_large"
  | "invalid"
  | "too_many_requests"
  | "unavailable";

export class AppError extends Error {
  constructor(
    readonly kind: ErrorKind,
    message: string,
    readonly details: {
      errors?: FieldError[];
      retryAfterSeconds?: number;
      allow?: string[];
      /** A 409's row that already has the name (`existing_id` in the problem body). */
      existingId?: number;
    } = {},
  ) {
    super(message);
    this.name = "AppError";
  }
}

/** 400: the request cannot be read at all. */
export const BadRequest = (message: string) => new AppError("bad_request", message);
/** 401: no identity, or a failed login. */
export const Unauthenticated = (message = "Not authenticated.") => new AppError("unauthenticated", message);
/** 403: the caller is known but the role or ownership does not allow it. */
export const Forbidden = (message: string) => new AppError("forbidden", message);
/** 404: the addressed row does not exist. */
export const NotFound = (message: string) => new AppError("not_found", message);
/** 405: the path exists, the method does not. */
export const MethodNotAllowed = (method: string, allow: string[]) =>
  new AppError("method_not_allowed", `Method '${method}' is not allowed here.`, { allow });
/** 421: the request names a host this server does not answer to (scripts/lib/host-check.ts). */
export const Misdirected = (message: string) => new AppError("misdirected", message);
/** 409: a unique value is taken, or the change would break other rows. */
export const Conflict = (message: string) => new AppError("conflict", message);
/** 413 */
export const PayloadTooLarge = (limitBytes: number) =>
  new AppError("payload_too_large", `Request body is larger than ${limitBytes} bytes.`);
/** 431: the request's headers are past what the server reads (Node's 16 KB). */
export const HeadersTooLarge = (limitBytes: number) =>
  new AppError("headers_too_large", `The request's headers are larger than ${limitBytes} bytes.`);
/** 415 */
export const UnsupportedMediaType = (contentType: string) =>
  new AppError("unsupported_media_type", `Content type '${contentType}' is not supported.`);
/** 422: well-formed input that breaks a rule; `errors` names the fields. */
export const Invalid = (message: string, errors?: FieldError[]) =>
  new AppError("invalid", message, errors ? { errors } : {});
/** 429 */
export const TooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError("too_many_requests", message, { retryAfterSeconds });
/** 503: a dependency (database, storage) cannot be reached. */
export const Unavailable = (message: string) => new AppError("unavailable", message);

/** What the API's rows are called in its sentences: `Recipe ID 5 was not found.` */
export type Thing =
  | "Recipe"
  | "Category"
  | "Ingredient"
  | "User"
  | "Store"
  | "Shelf"
  | "Shopping list"
  | "Shopping list item"
  | "Meal plan entry"
  | "Household"
  | "Invitation"
  | "Session"
  | "API token"
  | "Calendar link"
  | "Cooked entry"
  | "Revision";

/** 404 in the contract's wording; `id` is a number, or the text a path held, already quoted. */
/**
 * 401 for a token or code that is not (or no longer) good: one sentence for every reason and every
 * kind (access and refresh tokens, API tokens, reset codes), so none leaks.
 */
export const invalidToken = () => Unauthenticated("Token is invalid or has expired.");

export const notFound = (thing: Thing, id: number | string) => NotFound(`${thing} ID ${id} was not found.`);

/** 422 for a field that names a row that does not exist: the same sentence, on the field. */
export const missingReference = (thing: Thing, id: number, path: string) => {
  const sentence = `${thing} ID ${id} was not found.`;
  return Invalid(sentence, [{ path, message: sentence }]);
};

/** 403 for a row of someone else. */
export const belongsToAnother = (thing: Thing, id: number) =>
  Forbidden(`${thing} ID ${id} belongs to another user.`);

/** 403 for a role that is not admin. */
export const adminRequired = () => Forbidden("This action requires the admin role.");

export const isAppError = (error: unknown): error is AppError => error instanceof AppError;

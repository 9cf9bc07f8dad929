/**
 * What PostgreSQL's errors mean to the service. Apart from core/db.ts (which re-exports these), so
 * that the error pipeline can tell a lost database from a bug without bundling the driver.
 */

import { UNREACHABLE_CODES } from "./network-errors.ts";

type PgError = { code?: string; constraint?: string };

const pgError = (error: unknown): PgError =>
  typeof error === "object" && error !== null ? (error as PgError) : {};

/** True for a unique-constraint violation, optionally of one named constraint or index. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = pgError(error);
  return e.code === "23505" && (constraint === undefined || e.constraint === constraint);
}

/** True for a foreign-key violation, optionally of one named constraint. */
export function isForeignKeyViolation(error: unknown, constraint?: string): boolean {
  const e = pgError(error);
  return e.code === "23503" && (constraint === undefined || e.constraint === constraint);
}

/**
 * What `pg` says, without a code, when a connection cannot be had or was lost: the pool's wait ran
 * out, the server closed the socket, or a statement's guard closed it (see instrumentConnection).
 */
const LOST_CONNECTION =
  /^(timeout exceeded when trying to connect|Connection terminated( unexpectedly| due to connection timeout)?|Client has encountered a connection error and is not queryable|Client was closed and is not queryable)$/;

/**
 * True when a request gave up waiting for a connection of a pool that had none free (`pg-pool`'s own
 * wait, not a new connection failing to open): the database is down or frozen, or the process has more
 * requests than connections (core/db.ts tells the two apart by whether the database kept answering).
 */
export function isPoolWaitTimeout(error: unknown): boolean {
  return error instanceof Error && error.message === "timeout exceeded when trying to connect";
}

/**
 * True when the database cannot be reached, went away, or is too slow to answer in time (connection
 * refused, shutdown, too many clients, no connection free in time, statement_timeout).
 */
export function isConnectionError(error: unknown): boolean {
  if (error instanceof Error && LOST_CONNECTION.test(error.message)) return true;
  const e = pgError(error);
  if (typeof e.code !== "string") return false;
  return (
    [...UNREACHABLE_CODES, "57P01", "57P02", "57P03", "53300", "57014"].includes(e.code) ||
    e.code.startsWith("08")
  );
}

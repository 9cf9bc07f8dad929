/**
 * The `pg` pool and its guards: a connection's statements bounded even when the server cannot answer,
 * a lost connection logged rather than fatal, a full pool of busy connections told from an outage.
 */
import pg from "pg";
import { serviceBusy } from "../busy.ts";
import { config } from "../config.ts";
import { isConnectionError, isPoolWaitTimeout } from "../db-errors.ts";
import { logger } from "../log.ts";
import { preparedNames } from "./prepared.ts";

// Both drivers return bigint (count(*)) and numeric as numbers, so repositories see one behaviour.
export const INT8 = 20;
export const NUMERIC = 1700;
pg.types.setTypeParser(INT8, (v) => Number(v));
pg.types.setTypeParser(NUMERIC, (v) => Number(v));

type QueryFn = (text: unknown, ...rest: unknown[]) => unknown;

/**
 * When PostgreSQL last answered a statement of this process (a result, or an error of its own), by
 * performance.now(): what tells a full pool of working connections from a silent server.
 */
let lastAnswerAt = Number.NEGATIVE_INFINITY;

const answered = () => {
  lastAnswerAt = performance.now();
};

/**
 * A connection that went away (PostgreSQL stopped, restarted, or a socket closed below) is only
 * logged here: the pool drops it and the next request opens a new one. Without a listener, Node
 * treats the `error` event as fatal and the whole process ends.
 */
function logConnectionError(error: Error): void {
  logger.error("database_connection_error", { message: error.message });
}

/**
 * Wraps each new connection's `query`: statements `executePrepared()` ran go out as named statements
 * (pg prepares them once per connection), and a statement with no answer shortly after the
 * server's own statement_timeout (a frozen or unreachable server cannot enforce it) closes the
 * connection, so the request fails with a 503 instead of hanging as long as the server does.
 */
function instrumentConnection(client: pg.PoolClient, guardMs: number): void {
  client.on("error", logConnectionError);
  const target = client as unknown as { query: QueryFn };
  const query = target.query.bind(client);
  target.query = (text, ...rest) => {
    const name = typeof text === "string" ? preparedNames.get(text) : undefined;
    const result = name ? query({ name, text, values: rest[0] }, ...rest.slice(1)) : query(text, ...rest);
    if (!(result instanceof Promise)) return result;
    const timer = setTimeout(() => {
      logConnectionError(
        new Error(`No answer from PostgreSQL within ${guardMs} ms: closing the connection.`),
      );
      (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
    }, guardMs);
    return result
      .then(
        (value: unknown) => {
          answered();
          return value;
        },
        (error: unknown) => {
          if (!isConnectionError(error)) answered();
          throw error;
        },
      )
      .finally(() => clearTimeout(timer));
  };
}

/**
 * A wait for a connection of a full pool that ran out is an outage only if PostgreSQL went quiet:
 * when it answered meanwhile, the connections were busy serving other requests of this process, so
 * the answer is 503 busy with Retry-After (core/busy.ts), not `Database is unavailable.`.
 */
function answerOverloadAsBusy(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool) as (callback?: unknown) => Promise<pg.PoolClient> | undefined;
  (pool as unknown as { connect: typeof connect }).connect = (callback) => {
    if (callback) return connect(callback);
    const since = performance.now();
    return connect()?.catch((error: unknown) => {
      if (isPoolWaitTimeout(error) && lastAnswerAt > since) {
        throw serviceBusy(config.dbConnectTimeoutMs / 1000);
      }
      throw error;
    });
  };
}

/**
 * The `pg` pool and its bounds: waiting for a connection (the pool is full, or the server is down
 * or frozen) ends after DB_CONNECT_TIMEOUT_MS (3 s) with a 503 (busy, when the server kept
 * answering meanwhile: see answerOverloadAsBusy), and a statement after
 * DB_STATEMENT_TIMEOUT_MS (10 s, the server's statement_timeout; 2 s more if the server cannot
 * answer at all). `forMigrations` lifts the statement bound: building an index may take minutes.
 */
export function createPool(url: string, options: { max: number; forMigrations?: boolean }): pg.Pool {
  const statementTimeout = options.forMigrations ? 0 : config.dbStatementTimeoutMs;
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max,
    options: "-c TimeZone=UTC",
    connectionTimeoutMillis: config.dbConnectTimeoutMs,
    idleTimeoutMillis: 30_000,
    statement_timeout: statementTimeout,
    // A transaction left open by a request that died holds its row locks no longer than this.
    idle_in_transaction_session_timeout: options.forMigrations ? 0 : config.dbStatementTimeoutMs * 3,
  });
  // Idle connections report a server shutdown here; the pool has already dropped them.
  pool.on("error", logConnectionError);
  pool.on("connect", (client) =>
    instrumentConnection(client, statementTimeout > 0 ? statementTimeout + 2000 : 2 ** 31 - 1),
  );
  answerOverloadAsBusy(pool);
  return pool;
}

/**
 * The one Kysely instance of the process. With DATABASE_URL it talks to PostgreSQL through a
 * `pg` pool; without, to embedded PGlite. Everything above the dialect is the same code.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { type Compilable, Kysely, PGliteDialect, PostgresDialect } from "kysely";
import { Migrator } from "kysely/migration";
import pg from "pg";
import { migrationProvider } from "../migrations/index.ts";
import type { ApiTokensTable } from "./api-token/table.ts";
import { serviceBusy } from "./busy.ts";
import type { CategoriesTable } from "./category/table.ts";
import { config } from "./config.ts";
import { isConnectionError, isPoolWaitTimeout } from "./db-errors.ts";
import type { HouseholdInvitationsTable, HouseholdMembersTable, HouseholdsTable } from "./household/table.ts";
import type { StorageCleanupsTable } from "./image/table.ts";
import type { IngredientsTable } from "./ingredient/table.ts";
import type { LiveConnectionsTable, LiveSubscriptionsTable } from "./live/table.ts";
import { logger } from "./log.ts";
import type { MealPlanEntriesTable } from "./meal-plan/table.ts";
import type { UserIdentitiesTable } from "./oidc/table.ts";
import type { PasswordResetsTable } from "./password-reset/table.ts";
import type {
  RecipeCategoriesTable,
  RecipeIngredientsTable,
  RecipeStepsTable,
  RecipesTable,
  RecipeTitleWordsTable,
} from "./recipe/table.ts";
import type { SessionRefreshTokensTable, SessionsTable } from "./session/table.ts";
import type { ShelfIngredientsTable, ShelvesTable } from "./shelf/table.ts";
import type {
  ShoppingListItemPartsTable,
  ShoppingListItemsTable,
  ShoppingListRecipesTable,
  ShoppingListsTable,
} from "./shopping-list/table.ts";
import type { StoresTable } from "./store/table.ts";
import type { LoginThrottlesTable, UsersTable } from "./user/table.ts";

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  session_refresh_tokens: SessionRefreshTokensTable;
  user_identities: UserIdentitiesTable;
  api_tokens: ApiTokensTable;
  password_resets: PasswordResetsTable;
  login_throttles: LoginThrottlesTable;
  storage_cleanups: StorageCleanupsTable;
  categories: CategoriesTable;
  ingredients: IngredientsTable;
  recipes: RecipesTable;
  recipe_ingredients: RecipeIngredientsTable;
  recipe_steps: RecipeStepsTable;
  recipe_categories: RecipeCategoriesTable;
  recipe_title_words: RecipeTitleWordsTable;
  stores: StoresTable;
  shelves: ShelvesTable;
  shelf_ingredients: ShelfIngredientsTable;
  shopping_lists: ShoppingListsTable;
  shopping_list_items: ShoppingListItemsTable;
  shopping_list_item_parts: ShoppingListItemPartsTable;
  shopping_list_recipes: ShoppingListRecipesTable;
  meal_plan_entries: MealPlanEntriesTable;
  households: HouseholdsTable;
  household_members: HouseholdMembersTable;
  household_invitations: HouseholdInvitationsTable;
  live_connections: LiveConnectionsTable;
  live_subscriptions: LiveSubscriptionsTable;
}

export type Db = Kysely<Database>;

type OpenTransaction = { trx: Db; effects: (() => Promise<unknown>)[] };

const openTransaction = new AsyncLocalStorage<OpenTransaction>();

/**
 * Runs `work` in one transaction: the one already open in this call chain, so services compose
 * into one unit, or else a new one. What `afterCommit` registers meanwhile runs once the outermost
 * transaction has committed, and never when it rolls back.
 */
export async function transaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  const open = openTransaction.getStore();
  if (open) return work(open.trx);
  const effects: OpenTransaction["effects"] = [];
  const result = await db
    .transaction()
    .execute((trx) => openTransaction.run({ trx, effects }, () => work(trx)));
  await runEffects(effects);
  return result;
}

/** The transaction open in this call chain, if there is one (see transaction()). */
export function openTransactionDb(): Db | undefined {
  return openTransaction.getStore()?.trx;
}

/**
 * Work that must follow the commit of the transaction open in this call chain (deleting the
 * objects of a replaced picture): queued until then, or run at once outside a transaction. The
 * change has committed and the request will succeed, so a failing effect is logged, not thrown;
 * effects that can fail keep their own record of what is left to do (the cleanup outbox).
 */
export function afterCommit(effect: () => Promise<unknown>): void {
  const open = openTransaction.getStore();
  if (open) open.effects.push(effect);
  else throw new Error("afterCommit() needs an open transaction: call it inside transaction().");
}

async function runEffects(effects: readonly (() => Promise<unknown>)[]): Promise<void> {
  for (const effect of effects) {
    try {
      await effect();
    } catch (error) {
      logger.error("after_commit_failed", { message: (error as Error).message });
    }
  }
}

// Both drivers return bigint (count(*)) and numeric as numbers, so repositories see one behaviour.
const INT8 = 20;
const NUMERIC = 1700;
pg.types.setTypeParser(INT8, (v) => Number(v));
pg.types.setTypeParser(NUMERIC, (v) => Number(v));

/** SQL text → statement name, for the statements run through `executePrepared()`. */
const preparedNames = new Map<string, string>();

/**
 * Runs a hot statement with a fixed SQL text (a lookup by primary key, the recipe detail) as one
 * prepared once per PostgreSQL connection, and returns its rows: the server then parses and plans it once instead of on
 * every request, which here is most of the cost of a small query. Only for statements whose plan
 * does not depend on the values (PostgreSQL may switch a prepared statement to a generic plan).
 * PGlite runs everything in-process, so there it changes nothing.
 */
export async function executePrepared<O>(db: Db, query: Compilable<O>): Promise<O[]> {
  const compiled = query.compile();
  if (!preparedNames.has(compiled.sql)) {
    preparedNames.set(
      compiled.sql,
      `p_${createHash("sha1").update(compiled.sql).digest("hex").slice(0, 20)}`,
    );
  }
  return (await db.executeQuery(compiled)).rows;
}

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
function createPool(url: string, options: { max: number; forMigrations?: boolean }): pg.Pool {
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

function createDialect() {
  if (config.databaseUrl) {
    return new PostgresDialect({ pool: createPool(config.databaseUrl, { max: config.dbPoolMax }) });
  }
  // Loaded on the first query, so that only a process without DATABASE_URL loads PGlite (about
  // 540 KB): a Lambda always has DATABASE_URL, and its bundle leaves the package out (stacks/bundle.ts).
  return new PGliteDialect({
    pglite: async () => {
      const { PGlite } = await import("@electric-sql/pglite");
      const parsers = { [INT8]: Number, [NUMERIC]: Number };
      if (config.pgliteDataDir !== "memory://") return new PGlite(config.pgliteDataDir, { parsers });
      const snapshot = config.pgliteSnapshot ? new Blob([readFileSync(config.pgliteSnapshot)]) : undefined;
      return new PGlite({ parsers, ...(snapshot ? { loadDataDir: snapshot } : {}) });
    },
  });
}

let instance: Db | undefined;

/** The process-wide Kysely instance, created on first use. */
export function getDb(): Db {
  instance ??= new Kysely<Database>({ dialect: createDialect() });
  return instance;
}

/** Closes the pool or PGlite cleanly (PGlite flushes its files). */
export async function closeDb(): Promise<void> {
  const db = instance;
  instance = undefined;
  await db?.destroy();
}

/**
 * Applies every pending migration; throws with the failing migration's error. On PostgreSQL the
 * process's own database runs its migrations over a connection of their own without the
 * statement bound that requests have.
 */
// biome-ignore lint/suspicious/noExplicitAny: the migrator works on any schema
export async function migrateToLatest(db: Kysely<any> = getDb()): Promise<string[]> {
  if (config.databaseUrl && db === instance) {
    const own = new Kysely<unknown>({
      dialect: new PostgresDialect({ pool: createPool(config.databaseUrl, { max: 1, forMigrations: true }) }),
    });
    try {
      return await runMigrations(own);
    } finally {
      await own.destroy();
    }
  }
  return runMigrations(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see migrateToLatest()
async function runMigrations(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}

export { isConnectionError, isForeignKeyViolation, isUniqueViolation } from "./db-errors.ts";

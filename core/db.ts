/**
 * The one Kysely instance of the process. With DATABASE_URL it talks to PostgreSQL through a
 * `pg` pool; without, to embedded PGlite. Everything above the dialect is the same code.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { PGlite, types as pgliteTypes } from "@electric-sql/pglite";
import { type Compilable, Kysely, PostgresDialect } from "kysely";
import { Migrator } from "kysely/migration";
import { PGliteDialect } from "kysely-pglite-dialect";
import pg from "pg";
import { migrationProvider } from "../migrations/index.ts";
import type { CategoriesTable } from "./category/table.ts";
import { config } from "./config.ts";
import type { IngredientsTable } from "./ingredient/table.ts";
import type { MealPlanEntriesTable } from "./meal-plan/table.ts";
import type {
  RecipeCategoriesTable,
  RecipeIngredientsTable,
  RecipeStepsTable,
  RecipesTable,
} from "./recipe/table.ts";
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
  login_throttles: LoginThrottlesTable;
  categories: CategoriesTable;
  ingredients: IngredientsTable;
  recipes: RecipesTable;
  recipe_ingredients: RecipeIngredientsTable;
  recipe_steps: RecipeStepsTable;
  recipe_categories: RecipeCategoriesTable;
  stores: StoresTable;
  shelves: ShelvesTable;
  shelf_ingredients: ShelfIngredientsTable;
  shopping_lists: ShoppingListsTable;
  shopping_list_items: ShoppingListItemsTable;
  shopping_list_item_parts: ShoppingListItemPartsTable;
  shopping_list_recipes: ShoppingListRecipesTable;
  meal_plan_entries: MealPlanEntriesTable;
}

export type Db = Kysely<Database>;

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

/** Sends the statements `executePrepared()` ran as named statements, which pg prepares once per connection. */
function namePreparedStatements(client: pg.PoolClient): void {
  const target = client as unknown as { query: QueryFn };
  const query = target.query.bind(client);
  target.query = (text, ...rest) => {
    const name = typeof text === "string" ? preparedNames.get(text) : undefined;
    return name ? query({ name, text, values: rest[0] }, ...rest.slice(1)) : query(text, ...rest);
  };
}

function createDialect() {
  if (config.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: config.databaseUrl,
      max: config.dbPoolMax,
      options: "-c TimeZone=UTC",
      connectionTimeoutMillis: 5000,
      idleTimeoutMillis: 30_000,
    });
    pool.on("connect", namePreparedStatements);
    return new PostgresDialect({ pool });
  }
  const parsers = { [pgliteTypes.INT8]: Number, [pgliteTypes.NUMERIC]: Number };
  if (config.pgliteDataDir === "memory://") {
    const snapshot = config.pgliteSnapshot ? new Blob([readFileSync(config.pgliteSnapshot)]) : undefined;
    return new PGliteDialect(new PGlite({ parsers, ...(snapshot ? { loadDataDir: snapshot } : {}) }));
  }
  return new PGliteDialect(new PGlite(config.pgliteDataDir, { parsers }));
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

/** Applies every pending migration; throws with the failing migration's error. */
// biome-ignore lint/suspicious/noExplicitAny: the migrator works on any schema
export async function migrateToLatest(db: Kysely<any> = getDb()): Promise<string[]> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}

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

/** True when the database cannot be reached or went away (connection refused, shutdown, too many clients). */
export function isConnectionError(error: unknown): boolean {
  const e = pgError(error);
  if (typeof e.code !== "string") return false;
  return (
    ["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "ENOTFOUND", "EAI_AGAIN", "57P01", "57P03", "53300"].includes(
      e.code,
    ) || e.code.startsWith("08")
  );
}

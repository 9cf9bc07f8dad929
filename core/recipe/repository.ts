/**
 * SQL for recipes. A whole recipe is read with one statement (json_agg subqueries for its
 * categories, ingredient lines and steps); lists page by keyset on an indexed sort key.
 */
import {
  type CompiledQuery,
  type Expression,
  type ExpressionBuilder,
  type InferResult,
  type RawBuilder,
  type SqlBool,
  sql,
} from "kysely";
import { z } from "zod";
import { type Database, type Db, executePrepared } from "../db.ts";
import { MAX_INT, RowId } from "../ids.ts";
import { decodeCursor, encodeCursor } from "../pagination.ts";
import type { RecipeIngredientCreate, RecipeSort, RecipeStepCreate } from "./schemas.ts";
import { SEARCH_CONFIG } from "./search.ts";

type R = ExpressionBuilder<Database & { r: Database["recipes"] }, "r">;

type CategoryRef = { id: number; name: string };
type IngredientLine = { ingredient_id: number; name: string; amount_grams: number; amount_readable: string };
type Step = { step_number: number; description: string };

const summaryColumns = [
  "r.id",
  "r.user_id",
  "r.title",
  "r.description",
  "r.cook_time_sec",
  "r.prep_time_sec",
  "r.servings",
  "r.source_url",
  "r.img",
  "r.preview_img",
  "r.created_at",
  "r.updated_at",
] as const;

// Names are scalar subqueries (one primary-key probe per row) rather than joins: with a handful of
// rows per recipe the planner would otherwise hash the whole catalogue on every read.
const categoriesJson = sql<CategoryRef[]>`coalesce((
  select json_agg(json_build_object('id', c.id, 'name', c.name) order by lower(c.name), c.id)
  from (select rc.category_id as id, (select name from categories where id = rc.category_id) as name
    from recipe_categories rc where rc.recipe_id = r.id) c), '[]'::json)`;

const ingredientsJson = sql<IngredientLine[]>`coalesce((
  select json_agg(json_build_object('ingredient_id', ri.ingredient_id,
    'name', (select name from ingredients where id = ri.ingredient_id),
    'amount_grams', ri.amount_grams, 'amount_readable', ri.amount_readable) order by ri.position)
  from recipe_ingredients ri where ri.recipe_id = r.id), '[]'::json)`;

const stepsJson = sql<Step[]>`coalesce((
  select json_agg(json_build_object('step_number', s.step_number, 'description', s.description)
    order by s.step_number)
  from recipe_steps s where s.recipe_id = r.id), '[]'::json)`;

/** Timestamps leave as ISO strings, the way every response shows them. */
function withIsoDates<T extends { created_at: Date; updated_at: Date }>(row: T) {
  return { ...row, created_at: row.created_at.toISOString(), updated_at: row.updated_at.toISOString() };
}

const detailQuery = (db: Db) =>
  db
    .selectFrom("recipes as r")
    .select([
      ...summaryColumns,
      categoriesJson.as("categories"),
      ingredientsJson.as("ingredients"),
      stepsJson.as("steps"),
    ])
    .where("r.id", "=", 0);

/**
 * The detail statement, built and compiled on first use and then reused with each request's id:
 * building and compiling it per request was about a tenth of the detail route's CPU time.
 */
let detailStatement: CompiledQuery<DetailRow> | undefined;
type DetailRow = InferResult<ReturnType<typeof detailQuery>>[number];

/** The whole recipe (categories, ingredient lines, steps) in one statement, or undefined. */
export async function findRecipeById(db: Db, id: number) {
  detailStatement ??= detailQuery(db).compile();
  const statement = detailStatement;
  const [row] = await executePrepared<DetailRow>(db, { compile: () => ({ ...statement, parameters: [id] }) });
  return row && withIsoDates(row);
}

/** Locks the recipe row until the transaction ends, so concurrent writers to one recipe take turns. */
export async function lockRecipeById(db: Db, id: number) {
  return db
    .selectFrom("recipes")
    .select(["id", "user_id", "img", "preview_img"])
    .where("id", "=", id)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * The ids among `ids` that exist, each locked against deletion (`for key share`) until the
 * transaction ends, so a checked id cannot vanish before the rows that point at it are written.
 */
export async function findExistingIds(
  db: Db,
  table: "categories" | "ingredients",
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom(table)
    .select("id")
    .where("id", "in", [...new Set(ids)])
    .forKeyShare()
    .execute();
  return new Set(rows.map((r) => r.id));
}

export type RecipeFields = {
  title?: string;
  description?: string | null;
  cook_time_sec?: number | null;
  prep_time_sec?: number | null;
  servings?: number | null;
  source_url?: string | null;
};

export async function insertRecipe(db: Db, values: RecipeFields & { user_id: number; title: string }) {
  const row = await db.insertInto("recipes").values(values).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

/** Writes the given columns; with none it still touches the row so updated_at moves. */
export async function updateRecipeById(db: Db, id: number, values: RecipeFields): Promise<void> {
  const set = Object.keys(values).length > 0 ? values : { title: sql<string>`title` };
  await db.updateTable("recipes").set(set).where("id", "=", id).execute();
}

export async function deleteRecipeById(db: Db, id: number): Promise<void> {
  await db.deleteFrom("recipes").where("id", "=", id).execute();
}

export async function deleteRecipeCategories(db: Db, recipeId: number): Promise<void> {
  await db.deleteFrom("recipe_categories").where("recipe_id", "=", recipeId).execute();
}

export async function deleteRecipeIngredients(db: Db, recipeId: number): Promise<void> {
  await db.deleteFrom("recipe_ingredients").where("recipe_id", "=", recipeId).execute();
}

export async function deleteRecipeSteps(db: Db, recipeId: number): Promise<void> {
  await db.deleteFrom("recipe_steps").where("recipe_id", "=", recipeId).execute();
}

export async function insertRecipeCategories(
  db: Db,
  recipeId: number,
  categoryIds: readonly number[],
): Promise<void> {
  const unique = [...new Set(categoryIds)];
  if (unique.length === 0) return;
  await db
    .insertInto("recipe_categories")
    .values(unique.map((category_id) => ({ recipe_id: recipeId, category_id })))
    .execute();
}

/** Lines keep the order they were given in (position from 0). */
export async function insertRecipeIngredients(
  db: Db,
  recipeId: number,
  lines: readonly RecipeIngredientCreate[],
): Promise<void> {
  if (lines.length === 0) return;
  await db
    .insertInto("recipe_ingredients")
    .values(lines.map((line, position) => ({ recipe_id: recipeId, position, ...line })))
    .execute();
}

/** Steps are numbered from 1 in the order given. */
export async function insertRecipeSteps(
  db: Db,
  recipeId: number,
  steps: readonly RecipeStepCreate[],
): Promise<void> {
  if (steps.length === 0) return;
  await db
    .insertInto("recipe_steps")
    .values(
      steps.map((step, i) => ({ recipe_id: recipeId, step_number: i + 1, description: step.description })),
    )
    .execute();
}

export type RecipeFilters = {
  q?: string | undefined;
  category_id?: number | undefined;
  ingredient_id?: readonly number[] | undefined;
  user_id?: number | undefined;
  max_total_time_sec?: number | undefined;
};

/** The orders a list can take: the contract's sorts, and relevance for a search without a sort. */
export type RecipeOrder = RecipeSort | "relevance";

/** Beyond every allowed time, so recipes without a cook time come last under `cook_time`. */
const NO_COOK_TIME = MAX_INT;
const TIMESTAMP_TEXT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/;

/** What a cursor holds after its order's name: the sort key of the last row served and its id. */
const cursorKey = {
  newest: z.tuple([z.literal("newest"), z.string().regex(TIMESTAMP_TEXT), RowId]),
  oldest: z.tuple([z.literal("oldest"), z.string().regex(TIMESTAMP_TEXT), RowId]),
  title: z.tuple([z.literal("title"), z.string().max(200), RowId]),
  cook_time: z.tuple([z.literal("cook_time"), z.number().int().min(0).max(NO_COOK_TIME), RowId]),
  relevance: z.tuple([
    z.literal("relevance"),
    z.string().regex(/^\d{1,10}(\.\d{1,12})?(e-?\d{1,2})?$/),
    RowId,
  ]),
} as const;

type SortKey = string | number;

/** The opaque cursor that continues a list after the row whose sort key and id are given. */
export function encodeRecipeCursor(order: RecipeOrder, key: SortKey, id: number): string {
  return encodeCursor([order, key, id]);
}

/** Reads a cursor back; one made for another order is a 400. */
export function decodeRecipeCursor(order: RecipeOrder, cursor: string): { key: SortKey; id: number } {
  const [, key, id] = decodeCursor<readonly [string, SortKey, number]>(cursor, cursorKey[order]);
  return { key, id };
}

const totalTime = sql<number>`(coalesce(r.cook_time_sec, 0) + coalesce(r.prep_time_sec, 0))`;
const cookTimeKey = sql<number>`coalesce(r.cook_time_sec, ${sql.lit(NO_COOK_TIME)})`;

/**
 * One list page's query (limit + 1 rows, with each row's `sort_key`). Every order walks an index
 * from the cursor's position, so page 2,000 costs what page 1 does. Exported so the benchmark
 * can EXPLAIN exactly what the route runs.
 */
export function recipeListQuery(
  db: Db,
  filters: RecipeFilters,
  order: RecipeOrder,
  after: { key: SortKey; id: number } | undefined,
  limit: number,
) {
  const tsquery = filters.q
    ? sql`websearch_to_tsquery(${sql.lit(SEARCH_CONFIG)}::regconfig, ${filters.q})`
    : undefined;
  const rank = sql<number>`ts_rank(r.search_vector, ${tsquery ?? sql`''::tsquery`})`;

  const sortKey: Record<RecipeOrder, RawBuilder<SortKey>> = {
    newest: sql`r.created_at::text`,
    oldest: sql`r.created_at::text`,
    title: sql`r.title`,
    cook_time: cookTimeKey,
    relevance: sql`${rank}::text`,
  };

  let query = db
    .selectFrom("recipes as r")
    .select([...summaryColumns, categoriesJson.as("categories"), sortKey[order].as("sort_key")]);

  if (tsquery) query = query.where(sql<SqlBool>`r.search_vector @@ ${tsquery}`);
  if (filters.user_id !== undefined) query = query.where("r.user_id", "=", filters.user_id);
  if (filters.max_total_time_sec !== undefined)
    query = query.where(totalTime, "<=", filters.max_total_time_sec);
  if (filters.category_id !== undefined) {
    const categoryId = filters.category_id;
    query = query.where((eb: R) =>
      eb.exists(
        eb
          .selectFrom("recipe_categories as rc")
          .select(sql.lit(1).as("one"))
          .whereRef("rc.recipe_id", "=", "r.id")
          .where("rc.category_id", "=", categoryId),
      ),
    );
  }
  for (const ingredientId of new Set(filters.ingredient_id ?? [])) {
    query = query.where((eb: R) =>
      eb.exists(
        eb
          .selectFrom("recipe_ingredients as ri")
          .select(sql.lit(1).as("one"))
          .whereRef("ri.recipe_id", "=", "r.id")
          .where("ri.ingredient_id", "=", ingredientId),
      ),
    );
  }

  if (after) query = query.where(afterCondition(order, after, rank));

  switch (order) {
    case "newest":
      query = query.orderBy("r.created_at", "desc").orderBy("r.id", "desc");
      break;
    case "oldest":
      query = query.orderBy("r.created_at", "asc").orderBy("r.id", "asc");
      break;
    case "title":
      query = query.orderBy("r.title", "asc").orderBy("r.id", "asc");
      break;
    case "cook_time":
      query = query.orderBy(cookTimeKey, "asc").orderBy("r.id", "asc");
      break;
    case "relevance":
      query = query.orderBy(rank, "desc").orderBy("r.id", "asc");
      break;
  }
  return query.limit(limit + 1);
}

/** Rows strictly after the cursor in the order's direction, as a row comparison an index can seek to. */
function afterCondition(
  order: RecipeOrder,
  after: { key: SortKey; id: number },
  rank: RawBuilder<number>,
): Expression<SqlBool> {
  const { key, id } = after;
  switch (order) {
    case "newest":
      return sql<SqlBool>`(r.created_at, r.id) < (${key}::timestamptz, ${id})`;
    case "oldest":
      return sql<SqlBool>`(r.created_at, r.id) > (${key}::timestamptz, ${id})`;
    case "title":
      return sql<SqlBool>`(r.title, r.id) > (${key}, ${id})`;
    case "cook_time":
      return sql<SqlBool>`(${cookTimeKey}, r.id) > (${key}::integer, ${id})`;
    case "relevance":
      return sql<SqlBool>`(${rank} < ${key}::real or (${rank} = ${key}::real and r.id > ${id}))`;
  }
}

/** Runs one list page's query; rows carry `sort_key` for the next cursor. */
export async function findRecipes(
  db: Db,
  filters: RecipeFilters,
  order: RecipeOrder,
  after: { key: SortKey; id: number } | undefined,
  limit: number,
) {
  const rows = await recipeListQuery(db, filters, order, after, limit).execute();
  return rows.map(withIsoDates);
}

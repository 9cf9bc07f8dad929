/**
 * The recipe list and search statement: every filter of `GET /recipes`, the contract's sorts paged by
 * keyset on an indexed sort key (the cursor holds the last row's key and id), and relevance for a
 * search: tier 0 (title words) before tier 1 (ingredient names and description), each walked
 * through a bounded window so a common word never scans every recipe.
 */
import {
  type AliasedSelectQueryBuilder,
  type Expression,
  type ExpressionBuilder,
  type RawBuilder,
  type SqlBool,
  sql,
} from "kysely";
import * as z from "zod/mini";
import { type Database, type Db, executePrepared } from "../db.ts";
import { MAX_INT, RowId } from "../ids.ts";
import { decodeCursor, encodeCursor } from "../pagination.ts";
import { withIsoDates } from "../timestamps.ts";
import { categoriesJson, summaryColumns } from "./columns.ts";
import { cookedInLogOf, isFavouriteSql, personalJson, withPersonal } from "./personal.ts";
import type { RecipeSort } from "./schemas.ts";
import { SEARCH_CONFIG } from "./search.ts";

type R = ExpressionBuilder<Database & { r: Database["recipes"] }, "r">;

export type RecipeFilters = {
  q?: string | undefined;
  category_id?: number | undefined;
  ingredient_id?: readonly number[] | undefined;
  user_id?: number | undefined;
  max_total_time_sec?: number | undefined;
  /** Who reads the list: their `favourite`, `rating.mine`, `last_cooked` on each row; Public: undefined. */
  viewer_id?: number | undefined;
  /** Only the viewer's favourites (true), or all but them (false). */
  favourite?: boolean | undefined;
};

/** The orders a list can take: the contract's sorts, and relevance for a search without a sort. */
export type RecipeOrder = RecipeSort | "relevance";
/** The sorts by what people did with the recipes (personalSortQuery); the others walk one index. */
type PersonalSort = "rating" | "last_cooked";
type PlainSort = Exclude<RecipeSort, PersonalSort>;

/** Beyond every allowed time, so recipes without a cook time come last under `cook_time`. */
const NO_COOK_TIME = MAX_INT;
const TIMESTAMP = String.raw`\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?`;
const TIMESTAMP_TEXT = new RegExp(`^${TIMESTAMP}$`);
/** A relevance key: the row's tier (0 title match, 1 other match), a colon, its created_at. */
const RELEVANCE_KEY = new RegExp(`^[01]:${TIMESTAMP}$`);
/** A `rating` key: tier 0 (rated) with the average, or tier 1 (unrated); a bar, its created_at. */
const RATING_KEY = new RegExp(`^(0:[1-5]\\.\\d|1:)\\|${TIMESTAMP}$`);
/** A `last_cooked` key: tier 0 (never cooked), or tier 1 with the last day; a bar, its created_at. */
const LAST_COOKED_KEY = new RegExp(`^(0:|1:\\d{4}-\\d{2}-\\d{2})\\|${TIMESTAMP}$`);

/** What a cursor holds after its order's name: the sort key of the last row served and its id. */
const cursorKey = {
  newest: z.tuple([z.literal("newest"), z.string().check(z.regex(TIMESTAMP_TEXT)), RowId]),
  oldest: z.tuple([z.literal("oldest"), z.string().check(z.regex(TIMESTAMP_TEXT)), RowId]),
  title: z.tuple([z.literal("title"), z.string().check(z.maxLength(200)), RowId]),
  cook_time: z.tuple([
    z.literal("cook_time"),
    z.number().check(z.int(), z.gte(0), z.lte(NO_COOK_TIME)),
    RowId,
  ]),
  relevance: z.tuple([z.literal("relevance"), z.string().check(z.regex(RELEVANCE_KEY)), RowId]),
  rating: z.tuple([z.literal("rating"), z.string().check(z.regex(RATING_KEY)), RowId]),
  last_cooked: z.tuple([z.literal("last_cooked"), z.string().check(z.regex(LAST_COOKED_KEY)), RowId]),
} as const;

type SortKey = string | number;
/** A row of a search's window (relevanceQuery); tier 1's also carries search_vector. */
type WindowRow = { id: number; created_at: Date; title_vector: unknown };

/** The opaque cursor that continues a list after the row whose sort key and id are given. */
export function encodeRecipeCursor(order: RecipeOrder, key: SortKey, id: number): string {
  return encodeCursor([order, key, id]);
}

/** Reads a cursor back; one made for another order is a 400. */
export function decodeRecipeCursor(order: RecipeOrder, cursor: string): { key: SortKey; id: number } {
  const [, key, id] = decodeCursor<readonly [string, SortKey, number]>(cursor, cursorKey[order]);
  return { key, id };
}

/** The recipe's whole time: its own total, else prep + cook (the expression recipes_total_time_idx holds). */
export const totalTime = sql<number>`(coalesce(r.total_time_sec, coalesce(r.cook_time_sec, 0) + coalesce(r.prep_time_sec, 0)))`;
const cookTimeKey = sql<number>`coalesce(r.cook_time_sec, ${sql.lit(NO_COOK_TIME)})`;
const cfg = sql.lit(SEARCH_CONFIG);

const sortKey: Record<PlainSort, RawBuilder<SortKey>> = {
  newest: sql`r.created_at::text`,
  oldest: sql`r.created_at::text`,
  title: sql`r.title`,
  cook_time: cookTimeKey,
};

/** Every recipe that the filters other than `q` allow, with the summary columns. */
function filteredRecipes(db: Db, filters: RecipeFilters) {
  let query = db
    .selectFrom("recipes as r")
    .select([
      ...summaryColumns,
      categoriesJson.as("categories"),
      personalJson(filters.viewer_id).as("personal"),
    ]);
  if (filters.favourite !== undefined && filters.viewer_id !== undefined) {
    const favourite = isFavouriteSql(filters.viewer_id);
    query = query.where(filters.favourite ? favourite : sql<SqlBool>`not ${favourite}`);
  }
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
  return query;
}

/**
 * One list page's query (limit + 1 rows, with each row's `sort_key`). Every order walks an index
 * from the cursor's position, so page 2,000 costs what page 1 does. A search first asks which title
 * word to walk (titleWordToWalk). Exported so the benchmark can EXPLAIN exactly what the route runs.
 */
export async function recipeListQuery(
  db: Db,
  filters: RecipeFilters,
  order: RecipeOrder,
  after: { key: SortKey; id: number } | undefined,
  limit: number,
  /** How many rows a search walks before it asks the GIN index (tests make it small). */
  window?: number,
) {
  const tsquery = filters.q ? sql`websearch_to_tsquery(${cfg}::regconfig, ${filters.q})` : undefined;
  if (order === "relevance") {
    if (!filters.q) throw new Error("relevance needs a search");
    // With ?user_id= tier 0 walks that user's own recipes (their index) rather than a word's rows,
    // which are everyone's: a common word would send the walk past the page to the GIN index.
    const titleWord = filters.user_id === undefined ? await titleWordToWalk(db, filters.q) : undefined;
    // A subquery, so that the query is parsed once (an InitPlan) under the prepared statement's
    // generic plan too, where a call with a parameter would run again for every row checked.
    const once = sql`(select websearch_to_tsquery(${cfg}::regconfig, ${filters.q}))`;
    return relevanceQuery(db, filters, once, after, limit, { titleWord, window });
  }
  if (order === "rating" || order === "last_cooked")
    return personalSortQuery(db, filters, tsquery, order, after, limit);

  let query = filteredRecipes(db, filters).select(sortKey[order].as("sort_key"));
  if (tsquery) query = query.where(sql<SqlBool>`r.search_vector @@ ${tsquery}`);
  if (after) query = query.where(afterCondition(order, after));

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
  }
  return query.limit(limit + 1);
}

/**
 * The title word a search walks for its title matches: a word no title can match the query
 * without, so every title match is among that word's rows in recipe_title_words. Of several, the
 * rarest by the statistics PostgreSQL keeps on that table (a word missing from its most common
 * values is rarer than all of them; without statistics, the first in alphabetical order).
 * A word is required when the query's other words alone do not match; that test holds for queries
 * without negation, so `lentil -stew` gets none, like `lentil or stew`: those walk the newest
 * recipes instead. The query's words are read from its text form ('lentil' & 'stew').
 */
export async function titleWordToWalk(db: Db, q: string): Promise<string | undefined> {
  const query = sql<{ word: string }>`
    with query as (select websearch_to_tsquery(${cfg}::regconfig, ${q}) as q),
    words as (
      select array_agg(replace(m[1], '''''', '''')) as all from query,
        regexp_matches(query.q::text, '''((?:[^'']|'''')+)''', 'g') m)
    select w.word from query, words, unnest(words.all) w(word)
    where strpos(query.q::text, '!') = 0
      and not (array_to_tsvector(array_remove(words.all, w.word)) @@ query.q)
    order by coalesce((
        select m.frequency from pg_stats s,
          unnest(s.most_common_vals::text::text[], s.most_common_freqs) m(word, frequency)
        where s.schemaname = current_schema() and s.tablename = 'recipe_title_words'
          and s.attname = 'word' and m.word = w.word), 0), w.word
    limit 1`;
  const [row] = await executePrepared(db, { compile: () => query.compile(db) });
  return row?.word;
}

/**
 * How many recipes one tier of a search page walks, newest first, before it asks the GIN index
 * for the older matches instead: enough that a word in one recipe of 250 fills the page from the
 * walk, few enough that the walk costs about a millisecond. A walk over a title word's rows
 * checks each recipe's title with an index probe, about ten steps of the plain walk, so it takes
 * fewer: a query that one in fifty of the titles holding the word match fills the page.
 */
const searchWindow = (limit: number) => 250 * (limit + 1);
const titleWordWindow = (limit: number) => 50 * (limit + 1);

/**
 * A search ranked by where it matched: recipes whose title matches the query first (tier 0), then
 * those that match only in ingredient names or description (tier 1); newest first within a tier.
 * Ranking every match with ts_rank made the first page cost grow with the number of matches (1.5 s
 * at a million recipes for a word that every recipe has). Here each tier is read in two parts:
 * - the window: a walk newest first from the cursor, each row checked. Tier 0 walks the rows of
 *   the title word the query requires (titleWordToWalk) in recipe_title_words, so a rare word costs
 *   what a common one does; a query with no such word, and tier 1, walk the newest recipes
 *   themselves (index-only on recipes_created_at_id_title_idx), where a common word fills the page;
 * - the matches older than the window's last row, only when the window had too few: the GIN index
 *   finds them and they are sorted. The walk just missed them, so they are few. Their order is
 *   written so that no index provides it (`+ interval '0 s'`), because a planner that guessed the
 *   word common would otherwise walk the whole table hoping for an early stop.
 * UNION ALL runs the parts in order and the outer LIMIT stops pulling once the page is full, so a
 * part that is not needed never runs. The keyset is (tier, created_at, id): every page is exact.
 */
function relevanceQuery(
  db: Db,
  filters: RecipeFilters,
  tsquery: RawBuilder<unknown>,
  after: { key: SortKey; id: number } | undefined,
  limit: number,
  options: { titleWord: string | undefined; window: number | undefined },
) {
  /** The title word tier `n` walks the rows of; undefined when it walks the newest recipes. */
  const wordOf = (n: 0 | 1) => (n === 0 ? options.titleWord : undefined);
  const [afterTier, afterCreated] = after ? splitRelevanceKey(after.key) : [0, undefined];
  const afterCursor = (n: 0 | 1, createdAt: string, id: string) =>
    after && afterTier === n
      ? sql<SqlBool>`(${sql.ref(createdAt)}, ${sql.ref(id)}) < (${afterCreated}::timestamptz, ${after.id})`
      : sql<SqlBool>`true`;
  const matches = (v: "r" | "w", n: 0 | 1) => {
    const title = sql<SqlBool>`${sql.ref(`${v}.title_vector`)} @@ ${tsquery}`;
    return n === 0 ? title : sql<SqlBool>`${sql.ref(`${v}.search_vector`)} @@ ${tsquery} and not ${title}`;
  };
  const windowSize = (n: 0 | 1) =>
    options.window ?? (wordOf(n) !== undefined ? titleWordWindow(limit) : searchWindow(limit));

  /** The recipes tier `n` walks, newest first: the user's own with ?user_id=, after the cursor. */
  const recipesWalk = (n: 0 | 1) => {
    let query = db.selectFrom("recipes as r").where(afterCursor(n, "r.created_at", "r.id"));
    if (filters.user_id !== undefined) query = query.where("r.user_id", "=", filters.user_id);
    return query.orderBy("r.created_at", "desc").orderBy("r.id", "desc");
  };
  /** The title word's rows, newest first, after the cursor (the filters apply after the walk). */
  const titleWordWalk = (word: string) =>
    db
      .selectFrom("recipe_title_words as t")
      .where("t.word", "=", word)
      .where(afterCursor(0, "t.created_at", "t.recipe_id"))
      .orderBy("t.created_at", "desc")
      .orderBy("t.recipe_id", "desc");

  /** The window's rows as (id, created_at, title_vector[, search_vector]). */
  const window = (n: 0 | 1): AliasedSelectQueryBuilder<WindowRow, "w"> => {
    const word = wordOf(n);
    if (word !== undefined) {
      // Each title_vector comes from recipes_created_at_id_title_idx (an index-only probe).
      const words = titleWordWalk(word)
        .select(["t.created_at", "t.recipe_id as id"])
        .limit(windowSize(n))
        .as("t");
      return db
        .selectFrom(words)
        .innerJoin("recipes as x", (join) =>
          join.onRef("x.created_at", "=", "t.created_at").onRef("x.id", "=", "t.id"),
        )
        .select(["t.id", "t.created_at", sql`x.title_vector`.as("title_vector")])
        .as("w");
    }
    // The walk reads only what recipes_created_at_id_title_idx holds (index-only) in tier 0.
    return recipesWalk(n)
      .select(["r.id", "r.created_at", sql`r.title_vector`.as("title_vector")])
      .$if(n === 1, (q) => q.select(sql`r.search_vector`.as("search_vector")))
      .limit(windowSize(n))
      .as("w");
  };
  /** The (created_at, id) of the window's last row; null when the walk has fewer rows than that. */
  const windowEdge = (n: 0 | 1) => {
    const word = wordOf(n);
    const last = windowSize(n) - 1;
    return word !== undefined
      ? titleWordWalk(word).select(["t.created_at", "t.recipe_id"]).offset(last).limit(1)
      : recipesWalk(n).select(["r.created_at", "r.id"]).offset(last).limit(1);
  };

  const sortKey = (n: 0 | 1) => sql<string>`${sql.lit(`${n}:`)} || r.created_at::text`.as("sort_key");
  const inWindow = (n: 0 | 1) =>
    filteredRecipes(db, filters)
      .innerJoin(window(n), "w.id", "r.id")
      .select(sortKey(n))
      .where(matches("w", n))
      .orderBy("w.created_at", "desc")
      .orderBy("w.id", "desc")
      .limit(limit + 1);
  const beyondWindow = (n: 0 | 1) =>
    filteredRecipes(db, filters)
      .select(sortKey(n))
      .where(matches("r", n))
      .where(sql<SqlBool>`(r.created_at, r.id) < (${windowEdge(n)})`)
      .where(afterCursor(n, "r.created_at", "r.id"))
      .orderBy(sql`r.created_at + interval '0 s'`, "desc")
      .orderBy("r.id", "desc")
      .limit(limit + 1);
  const tiers: (0 | 1)[] = afterTier === 1 ? [1] : [0, 1];
  const [first, ...rest] = tiers
    .flatMap((n) => [inWindow(n), beyondWindow(n)])
    .map((part, i) => db.selectFrom(part.as(`p${i}`)).selectAll());
  let query = first as NonNullable<typeof first>;
  for (const next of rest) query = query.unionAll(next);
  return query.limit(limit + 1);
}

/**
 * `sort=rating` and `sort=last_cooked`: two tiers, each walked in its own order and joined with
 * UNION ALL, so the outer LIMIT stops once the page is full and a tier that is not needed never runs
 * (as a search's tiers are). `rating`: tier 0 the rated recipes (recipe_ratings, kept by a trigger
 * on ratings), best average (1 decimal, as shown) first, then newest; tier 1 the unrated, newest
 * first (the walk of the newest recipes). `last_cooked`
 * (the viewer's log and their households'): tier 0 the recipes it never names, newest first; tier 1
 * those it does, the longest ago first, then newest. A tier of rated or cooked recipes costs what
 * their number does, not the catalogue's. Keys: `<tier>:<average or day>|<created_at>`.
 */
function personalSortQuery(
  db: Db,
  filters: RecipeFilters,
  tsquery: RawBuilder<unknown> | undefined,
  order: PersonalSort,
  after: { key: SortKey; id: number } | undefined,
  limit: number,
) {
  const [afterTier, afterValue, afterCreated] = after ? splitPersonalKey(after.key) : [0, "", ""];
  /** The filtered recipes of one tier, keyed by `key` (its sort_key). */
  const recipes = (key: RawBuilder<string>) => {
    const query = filteredRecipes(db, filters).select(key.as("sort_key"));
    return tsquery ? query.where(sql<SqlBool>`r.search_vector @@ ${tsquery}`) : query;
  };
  const resume = (tier: 0 | 1, condition: RawBuilder<SqlBool>) =>
    after && afterTier === tier ? condition : sql<SqlBool>`true`;
  const newestAfter = (tier: 0 | 1) =>
    resume(tier, sql<SqlBool>`(r.created_at, r.id) < (${afterCreated}::timestamptz, ${after?.id})`);
  type Tier = ReturnType<typeof recipes>;
  const newest = (query: Tier) =>
    query
      .orderBy("r.created_at", "desc")
      .orderBy("r.id", "desc")
      .limit(limit + 1);

  let tiers: [Tier, Tier];
  if (order === "rating") {
    // The walk of recipe_ratings_average_idx (average, the recipe's created_at, its id), each row's
    // recipe by its primary key. The join adds no column: the tier has the other tier's shape.
    const rated = recipes(sql<string>`'0:' || rr.average::text || '|' || rr.recipe_created_at::text`)
      .innerJoin("recipe_ratings as rr", "rr.recipe_id", "r.id")
      .where(
        resume(
          0,
          sql<SqlBool>`(rr.average, rr.recipe_created_at, rr.recipe_id)
            < (${afterValue}::numeric, ${afterCreated}::timestamptz, ${after?.id})`,
        ),
      )
      .orderBy("rr.average", "desc")
      .orderBy("rr.recipe_created_at", "desc")
      .orderBy("rr.recipe_id", "desc")
      .limit(limit + 1) as unknown as Tier;
    const unrated = newest(
      recipes(sql<string>`'1:|' || r.created_at::text`)
        .where(sql<SqlBool>`not exists (select 1 from recipe_ratings rr where rr.recipe_id = r.id)`)
        .where(newestAfter(1)),
    );
    tiers = [rated, unrated];
  } else {
    const viewer = filters.viewer_id;
    if (viewer === undefined) throw new Error("last_cooked needs a viewer");
    const last = sql<string>`(select max(c.date) from cooked c where c.recipe_id = r.id and ${cookedInLogOf(viewer)})`;
    const never = newest(
      recipes(sql<string>`'0:|' || r.created_at::text`)
        .where(
          sql<SqlBool>`not exists (select 1 from cooked c where c.recipe_id = r.id and ${cookedInLogOf(viewer)})`,
        )
        .where(newestAfter(0)),
    );
    const cooked = recipes(sql<string>`'1:' || ${last}::text || '|' || r.created_at::text`)
      .where(sql<SqlBool>`r.id in (select c.recipe_id from cooked c where ${cookedInLogOf(viewer)})`)
      .where(
        resume(
          1,
          sql<SqlBool>`(${last} > ${afterValue}::date or (${last} = ${afterValue}::date
            and (r.created_at, r.id) < (${afterCreated}::timestamptz, ${after?.id})))`,
        ),
      )
      .orderBy(last, "asc")
      .orderBy("r.created_at", "desc")
      .orderBy("r.id", "desc")
      .limit(limit + 1);
    tiers = [never, cooked];
  }
  const parts = afterTier === 1 ? [tiers[1]] : tiers;
  const [first, ...rest] = parts.map((part, i) => db.selectFrom(part.as(`p${i}`)).selectAll());
  let query = first as NonNullable<typeof first>;
  for (const next of rest) query = query.unionAll(next);
  return query.limit(limit + 1);
}

/** "0:4.5|2026-11-22 05:00:00+00" → [0, "4.5", "2026-11-22 05:00:00+00"]; the cursor's regex checked it. */
function splitPersonalKey(key: SortKey): [0 | 1, string, string] {
  const text = String(key);
  const bar = text.indexOf("|");
  return [text.startsWith("1:") ? 1 : 0, text.slice(2, bar), text.slice(bar + 1)];
}

/** "1:2026-11-22 05:00:00+00" → [1, "2026-11-22 05:00:00+00"]; the cursor's regex checked the shape. */
function splitRelevanceKey(key: SortKey): [0 | 1, string] {
  const text = String(key);
  return [text.startsWith("1:") ? 1 : 0, text.slice(2)];
}

/** Rows strictly after the cursor in the order's direction, as a row comparison an index can seek to. */
function afterCondition(order: PlainSort, after: { key: SortKey; id: number }): Expression<SqlBool> {
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
  }
}

/**
 * Runs one list page's query; rows carry `sort_key` for the next cursor. A search's statement is
 * prepared: its plan is fixed by its shape (each part walks its own index or sorts a GIN lookup), and
 * planning its union costs twice what running it does. The other lists plan each time: a generic
 * plan for a filter or a sort can be ten times slower than the one its values call for.
 */
export async function findRecipes(
  db: Db,
  filters: RecipeFilters,
  order: RecipeOrder,
  after: { key: SortKey; id: number } | undefined,
  limit: number,
) {
  const query = await recipeListQuery(db, filters, order, after, limit);
  const rows = order === "relevance" ? await executePrepared(db, query) : await query.execute();
  return rows.map((row) => withPersonal(withIsoDates(row)));
}

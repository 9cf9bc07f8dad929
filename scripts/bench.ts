/**
 * `npm run bench`: fills a database with 100,000 generated recipes (8 ingredient lines, 6 steps and
 * 2 categories each; scripts/lib/bench-fill.ts), starts the API in this process on a free port and
 * drives it with autocannon (10 connections, 10 s per scenario) from a child process
 * (scripts/lib/bench-load.ts), so the load generator does not share the server's event loop or CPU
 * account. Prints requests/s, p50, p99 and the server process's CPU time per request for each
 * scenario (reads, a search for a rare and a common word, create, update, 90/10 mixed), and the
 * EXPLAIN (ANALYZE, BUFFERS) plans of the list queries, taken between the reads and the writes;
 * then the detail handler's CPU per call on the Lambda path (scripts/lib/bench-lambda.ts).
 *
 * Database: embedded in-memory PGlite by default; with DATABASE_URL a dedicated database
 * `recipes_bench` is dropped and recreated on that server for every run.
 * BENCH_RECIPES (default 100000) and BENCH_SECONDS (default 10) shorten a trial run.
 */
import { spawn } from "node:child_process";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { CompiledQuery, Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
// Types only: the modules themselves load after the environment is set, below.
import type { Database } from "../core/db.ts";
import { prepareBenchEnvironment } from "./lib/bench-env.ts";
import type { LoadRequest, LoadSpec } from "./lib/bench-load.ts";

const RECIPES = Number(process.env.BENCH_RECIPES ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 10;
const PAGE = 20;
/** 2,000 pages deep, or as deep as a trial run's smaller fill allows. */
const DEEP_PAGES = Math.max(1, Math.min(2_000, Math.floor(RECIPES / PAGE) - 1));
const BENCH_DB = "recipes_bench";
const started = performance.now();

const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
const log = (message: string) => console.log(`[${elapsed()}] ${message}`);

// Before core/config.ts is first imported (below, dynamically).
const { onPostgres } = await prepareBenchEnvironment(BENCH_DB);

const { closeDb, getDb, migrateToLatest } = await import("../core/db.ts");

const { findRecipeById } = await import("../core/recipe/repository.ts");
const { encodeRecipeCursor, recipeListQuery } = await import("../core/recipe/list-query.ts");
const { fillBenchDatabase } = await import("./lib/bench-fill.ts");
const { startSession } = await import("../core/session/service.ts");
const { createApiServer } = await import("./lib/http-server.ts");

const db = getDb();
await migrateToLatest(db);
log(`database: ${onPostgres ? `PostgreSQL ${BENCH_DB}` : "embedded PGlite (memory)"}, migrated`);

// ---- Fill -------------------------------------------------------------------------------------

// Its own pool without the statement bound requests have: one fill statement runs for minutes.
const fillDb = process.env.DATABASE_URL
  ? new Kysely<Database>({
      dialect: new PostgresDialect({
        pool: new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 }),
      }),
    })
  : db;
await fillBenchDatabase(fillDb, RECIPES, log);
const ids = async (table: "users" | "categories" | "ingredients") =>
  (
    await sql<{
      min: number;
      count: number;
    }>`select min(id)::int as min, count(*)::int as count from ${sql.table(table)}`.execute(db)
  ).rows[0] ?? { min: 0, count: 0 };
const [categories, ingredients] = [await ids("categories"), await ids("ingredients")];
if (onPostgres) await sql`vacuum analyze`.execute(fillDb);
else await sql`analyze`.execute(fillDb);
if (fillDb !== db) await fillDb.destroy();
log("analyzed");

// ---- Scenarios --------------------------------------------------------------------------------

const firstCategory = categories.min;
const [pantryIngredient] = (
  await sql<{ id: number }>`select id from ingredients order by id limit 1 offset 3`.execute(db)
).rows;
const detailId = (
  await sql<{
    id: number;
  }>`select id from recipes order by id limit 1 offset ${Math.floor(RECIPES / 2)}`.execute(db)
).rows[0]?.id;
// The cursor after row 40,000 of the default order, computed instead of walking 2,000 pages.
const deepRow = (
  await sql<{ key: string; id: number }>`select created_at::text as key, id from recipes
    order by created_at desc, id desc offset ${DEEP_PAGES * PAGE - 1} limit 1`.execute(db)
).rows[0];
if (!deepRow || detailId === undefined || !pantryIngredient)
  throw new Error("the fill produced too few rows");
const deepCursor = encodeRecipeCursor("newest", deepRow.key, deepRow.id);
const SEARCH = "lentil stew";
const COMMON_WORD = "smoky";
const filter = { category_id: firstCategory, max_total_time_sec: 1800 };

const benchUser = await db
  .selectFrom("users")
  .select(["id", "role"])
  .where("username", "=", "bench-1")
  .executeTakeFirstOrThrow();
const { access_token: token } = await startSession(db, benchUser, "password", "bench");
const createBody = JSON.stringify({
  title: "Benchmark stew",
  description: "Created during the benchmark.",
  cook_time_sec: 1200,
  prep_time_sec: 600,
  servings: 4,
  category_ids: [categories.min, categories.min + 1],
  ingredients: Array.from({ length: 8 }, (_, i) => ({
    ingredient_id: ingredients.min + i * 7,
    amount_grams: 100 + i,
    amount_readable: `${i + 1} cups`,
  })),
  steps: Array.from({ length: 6 }, (_, i) => ({ description: `Step ${i + 1}: stir.` })),
});

const server = createApiServer();
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
log(`API listening on ${base}`);

// The floor: a bare node:http server answering the detail route's own statement (findRecipeById:
// compiled once, prepared, the same JSON), without the Lambda event, Middy, the route's checks or the
// local adapter. The gap between "recipe detail" and "detail floor" is what all of that costs.
const floor = createServer(async (req, res) => {
  const recipe = await findRecipeById(db, Number(req.url?.split("/").pop()));
  const body = JSON.stringify(recipe ?? null);
  res.writeHead(recipe ? 200 : 404, { "content-type": "application/json" });
  res.end(body);
});
await new Promise<void>((resolve) => floor.listen(0, "127.0.0.1", resolve));
const floorBase = `http://127.0.0.1:${(floor.address() as AddressInfo).port}`;

const auth = { authorization: `Bearer ${token}`, "content-type": "application/json" };
// The bench user's recipes (user_id is assigned round-robin): updates spread over a thousand of them.
const ownRecipes = (
  await db
    .selectFrom("recipes")
    .select("id")
    .where("user_id", "=", benchUser.id)
    .orderBy("id")
    .limit(1000)
    .execute()
).map((r) => `/recipes/${r.id}`);
/** One fifth of the bench user's recipes, for one of the mixed scenario's five detail reads. */
const ownShare = (fifth: number) => ownRecipes.filter((_, i) => i % 5 === fifth);
const updateBody = createBody.replace("Benchmark stew", "Benchmark stew, updated");
const update: LoadRequest = { method: "PUT", paths: ownRecipes, body: updateBody, headers: auth };
const read = (path: string): LoadRequest => ({ method: "GET", paths: [path] });
const searchPath = (q: string) => `/recipes?q=${encodeURIComponent(q)}&limit=${PAGE}`;

/**
 * `base`: another server than the API (the floor). `writes`: the scenario adds or changes recipes,
 * so it runs after the query plans are taken, which then show the table the reads were measured on.
 */
type Scenario = { name: string; requests: LoadRequest[]; base?: string; writes?: true };
const scenarios: Scenario[] = [
  { name: "recipe detail", requests: [read(`/recipes/${detailId}`)] },
  { name: "detail floor (bare node:http)", requests: [read(`/recipes/${detailId}`)], base: floorBase },
  { name: "list, first page", requests: [read(`/recipes?limit=${PAGE}`)] },
  { name: `list, page ${DEEP_PAGES + 1}`, requests: [read(`/recipes?limit=${PAGE}&cursor=${deepCursor}`)] },
  { name: `search '${SEARCH}'`, requests: [read(searchPath(SEARCH))] },
  // A word in one title of 20: ranking every match made this the slowest search of all.
  { name: `search '${COMMON_WORD}'`, requests: [read(searchPath(COMMON_WORD))] },
  {
    name: "filtered list",
    requests: [
      read(
        `/recipes?category_id=${filter.category_id}&max_total_time_sec=${filter.max_total_time_sec}&limit=${PAGE}`,
      ),
    ],
  },
  {
    name: "create",
    requests: [{ method: "POST", paths: ["/recipes"], body: createBody, headers: auth }],
    writes: true,
  },
  { name: "update", requests: [update], writes: true },
  {
    // Each connection sends these ten in turn: 90 % reads, 10 % writes.
    name: "mixed 90/10",
    writes: true,
    requests: [
      { method: "GET", paths: ownShare(0) },
      read(`/recipes?limit=${PAGE}`),
      { method: "GET", paths: ownShare(1) },
      read(searchPath(SEARCH)),
      { method: "GET", paths: ownShare(2) },
      read(`/recipes?limit=${PAGE}&cursor=${deepCursor}`),
      { method: "GET", paths: ownShare(3) },
      read(searchPath(COMMON_WORD)),
      { method: "GET", paths: ownShare(4) },
      update,
    ],
  },
];

type Result = {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  ok: number;
  bad: number;
  errors: number;
  /** CPU time (user + system) of this process, which serves the API, per response. */
  cpuMicros: number;
};

/** Sanity check before load: every request of the scenario answers 2xx. */
async function probe(s: Scenario): Promise<void> {
  for (const request of s.requests) {
    const res = await fetch(`${s.base ?? base}${request.paths[0]}`, {
      method: request.method,
      headers: request.headers ?? {},
      body: request.body ?? null,
    });
    if (!res.ok) throw new Error(`${s.name}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
  }
}

/** Runs a script of scripts/lib in a child process under tsx and returns the JSON it prints. */
function runScript<T>(script: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", `scripts/lib/${script}`, ...args], {
      env,
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString("utf8");
    });
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0 ? resolve(JSON.parse(out) as T) : reject(new Error(`${script} exited with ${code}`)),
    );
  });
}

/** The part of autocannon's result (it ships no types) that the report reads. */
type LoadResult = {
  requests: { average: number };
  latency: { p50: number; p99: number };
  "2xx": number;
  non2xx: number;
  errors: number;
  timeouts: number;
};

async function runLoad(s: Scenario): Promise<Result> {
  const spec: LoadSpec = {
    url: s.base ?? base,
    connections: CONNECTIONS,
    seconds: SECONDS,
    requests: s.requests,
  };
  const cpuBefore = process.cpuUsage();
  const r = await runScript<LoadResult>("bench-load.ts", [JSON.stringify(spec)]);
  const cpu = process.cpuUsage(cpuBefore);
  const responses = r["2xx"] + r.non2xx;
  return {
    name: s.name,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    ok: r["2xx"],
    bad: r.non2xx,
    errors: r.errors + r.timeouts,
    cpuMicros: responses > 0 ? (cpu.user + cpu.system) / responses : 0,
  };
}

const results: Result[] = [];
async function run(which: Scenario[]): Promise<void> {
  for (const scenario of which) {
    await probe(scenario);
    log(`running '${scenario.name}' for ${SECONDS} s`);
    results.push(await runLoad(scenario));
  }
}
await run(scenarios.filter((s) => !s.writes));

// ---- Plans ------------------------------------------------------------------------------------

async function explain(title: string, query: { compile(): CompiledQuery }) {
  const compiled = query.compile();
  const plan = await db.executeQuery<{ "QUERY PLAN": string }>(
    CompiledQuery.raw(`explain (analyze, buffers, costs off) ${compiled.sql}`, [...compiled.parameters]),
  );
  console.log(`\n-- ${title}`);
  for (const row of plan.rows) console.log(row["QUERY PLAN"]);
}

console.log(`\nEXPLAIN (ANALYZE, BUFFERS) (${RECIPES} recipes)`);
await explain("list, first page (newest)", await recipeListQuery(db, {}, "newest", undefined, PAGE));
await explain(
  `list, page ${DEEP_PAGES + 1} (newest, keyset)`,
  await recipeListQuery(db, {}, "newest", { key: deepRow.key, id: deepRow.id }, PAGE),
);
for (const q of [SEARCH, COMMON_WORD]) {
  await explain(`search '${q}' (relevance)`, await recipeListQuery(db, { q }, "relevance", undefined, PAGE));
}
await explain(
  `filter category_id=${filter.category_id} max_total_time_sec=${filter.max_total_time_sec}`,
  await recipeListQuery(db, filter, "newest", undefined, PAGE),
);
// The two sorts whose old indexes (cook_time_sec, id) and (user_id) were dropped.
await explain("sort=cook_time", await recipeListQuery(db, {}, "cook_time", undefined, PAGE));
await explain(
  `user_id=${benchUser.id}`,
  await recipeListQuery(db, { user_id: benchUser.id }, "newest", undefined, PAGE),
);

await run(scenarios.filter((s) => s.writes));
server.close();
server.closeAllConnections();
floor.close();
floor.closeAllConnections();

// ---- The Lambda path ----------------------------------------------------------------------------
// The HTTP scenarios carry the local server's own work (a node:http request turned into an API
// Gateway event and back), which Lambda does not have. scripts/lib/bench-lambda.ts calls the detail
// handler the way Lambda calls it, in a process configured as a Lambda, beside the floor's statement
// and JSON alone. It needs PostgreSQL: PGlite lives in this process.
type LambdaPath = { handler: number; floor: number; ratio: number };
const lambdaPath = onPostgres
  ? await runScript<LambdaPath>("bench-lambda.ts", [String(detailId)], {
      ...process.env,
      AWS_LAMBDA_FUNCTION_NAME: "bench-lambda-path",
    })
  : undefined;
console.log(
  lambdaPath
    ? `\nThe Lambda path, in a process configured as a Lambda (400 alternating blocks of 20 calls a side): ` +
        `detail handler ${lambdaPath.handler.toFixed(0)} µs CPU per call, its statement and JSON alone ${lambdaPath.floor.toFixed(0)} µs`
    : "\nThe Lambda path is measured against PostgreSQL only (DATABASE_URL): PGlite lives in this process.",
);

// ---- Report -----------------------------------------------------------------------------------

const pad = (v: string, n: number) => v.padEnd(n);
const num = (v: number, digits = 0) => v.toFixed(digits).padStart(10);
console.log(
  `\n${RECIPES} recipes, ${CONNECTIONS} connections, ${SECONDS} s per scenario, ${onPostgres ? "PostgreSQL" : "PGlite"}`,
);
console.log(
  `${pad("scenario", 30)}${"req/s".padStart(10)}${"p50 ms".padStart(10)}${"p99 ms".padStart(10)}${"CPU µs/req".padStart(12)}${"2xx".padStart(10)}${"non-2xx".padStart(10)}`,
);
for (const r of results) {
  console.log(
    `${pad(r.name, 30)}${num(r.rps)}${num(r.p50, 1)}${num(r.p99, 1)}${num(r.cpuMicros).padStart(12)}${num(r.ok)}${num(r.bad + r.errors)}`,
  );
}

const byName = (prefix: string) => results.find((r) => r.name.startsWith(prefix)) as Result;
const [first, deep, search, detail, floorResult, create] = [
  byName("list, first"),
  byName("list, page"),
  byName(`search '${SEARCH}'`),
  byName("recipe detail"),
  byName("detail floor"),
  byName("create"),
];
const rpsRatio = detail.rps / floorResult.rps;
const checks: [string, boolean][] = [
  [
    `deep page p50 ${deep.p50} ms within 1.5x (or 1 ms, the resolution) of first page p50 ${first.p50} ms`,
    deep.p50 <= Math.max(1.5 * first.p50, first.p50 + 1),
  ],
  [
    `search p50 ${search.p50} ms at most 15 ms, p99 ${search.p99} ms at most 40 ms`,
    search.p50 <= 15 && search.p99 <= 40,
  ],
  [`detail ${Math.round(detail.rps)} req/s at least 1,500`, detail.rps >= 1500],
  ...(lambdaPath
    ? [
        [
          `detail CPU per call on the Lambda path ${lambdaPath.ratio.toFixed(2)}x the floor's, at most 1.3x`,
          lambdaPath.ratio <= 1.3,
        ] as [string, boolean],
      ]
    : []),
  [
    `detail req/s ${rpsRatio.toFixed(2)}x the floor's over HTTP (local adapter included), at least 0.9x`,
    rpsRatio >= 0.9,
  ],
  [`create ${Math.round(create.rps)} req/s at least 600`, create.rps >= 600],
  [`every request answered 2xx`, results.every((r) => r.bad + r.errors === 0)],
];
const total = (performance.now() - started) / 1000;
checks.push([`whole run ${total.toFixed(0)} s within 8 minutes`, total <= 480]);
console.log(
  onPostgres
    ? "\nTargets (PostgreSQL, 2 cores):"
    : "\nTargets (set for PostgreSQL; informational on PGlite):",
);
for (const [text, pass] of checks) console.log(`${pass ? "PASS" : "FAIL"}  ${text}`);

await closeDb();
process.exitCode = checks.every(([, pass]) => pass) ? 0 : 1;

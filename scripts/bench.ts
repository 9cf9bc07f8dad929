/**
 * `npm run bench`: fills a database with 100,000 generated recipes (8 ingredient lines, 6 steps and
 * 2 categories each), starts the API in this process on a free port and drives it with autocannon
 * (10 connections, 10 s per scenario) from a child process, so the load generator does not share
 * the server's event loop. Prints requests/s, p50 and p99 per scenario and the EXPLAIN ANALYZE plans
 * of the list queries.
 *
 * Database: embedded in-memory PGlite by default; with DATABASE_URL a dedicated database
 * `recipes_bench` is dropped and recreated on that server for every run.
 * BENCH_RECIPES (default 100000) and BENCH_SECONDS (default 10) shorten a trial run.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { CompiledQuery, sql } from "kysely";
import pg from "pg";

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

// The environment must be complete before core/config.ts is first imported (below, dynamically).
const serverUrl = process.env.DATABASE_URL;
if (serverUrl) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${BENCH_DB} with (force)`);
  await admin.query(`create database ${BENCH_DB}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${BENCH_DB}`;
  process.env.DATABASE_URL = url.toString();
} else {
  process.env.PGLITE_DATA_DIR = "memory://";
}
Object.assign(process.env, {
  LOG_LEVEL: "silent",
  NODE_ENV: "development",
  JWT_SECRET: randomBytes(48).toString("base64url"),
  // Recipes never touch storage; health (which would) is not benchmarked.
  STORAGE_URL: "http://127.0.0.1:1",
  PUBLIC_STORAGE_URL: "http://127.0.0.1:1/bench",
  DB_POOL_MAX: "10",
});

const { closeDb, getDb, migrateToLatest } = await import("../core/db.ts");
const { encodeRecipeCursor, recipeListQuery } = await import("../core/recipe/repository.ts");
const { fillBenchDatabase } = await import("./lib/bench-fill.ts");
const { issueAccessToken } = await import("../core/auth/token.ts");
const { createApiServer } = await import("./lib/http-server.ts");

const db = getDb();
await migrateToLatest(db);
log(`database: ${serverUrl ? `PostgreSQL ${BENCH_DB}` : "embedded PGlite (memory)"}, migrated`);

// ---- Fill -------------------------------------------------------------------------------------

await fillBenchDatabase(db, RECIPES, log);
const ids = async (table: "users" | "categories" | "ingredients") =>
  (
    await sql<{
      min: number;
      count: number;
    }>`select min(id)::int as min, count(*)::int as count from ${sql.table(table)}`.execute(db)
  ).rows[0] ?? { min: 0, count: 0 };
const [categories, ingredients] = [await ids("categories"), await ids("ingredients")];
if (serverUrl) await sql`vacuum analyze`.execute(db);
else await sql`analyze`.execute(db);
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
const filter = { category_id: firstCategory, max_total_time_sec: 1800 };

const benchUser = await db
  .selectFrom("users")
  .select(["id", "role"])
  .where("username", "=", "bench-1")
  .executeTakeFirstOrThrow();
const { access_token: token } = await issueAccessToken(benchUser);
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

type Scenario = { name: string; path: string; method?: "POST"; body?: string; headers?: string[] };
const scenarios: Scenario[] = [
  { name: "recipe detail", path: `/recipes/${detailId}` },
  { name: "list, first page", path: `/recipes?limit=${PAGE}` },
  { name: `list, page ${DEEP_PAGES + 1}`, path: `/recipes?limit=${PAGE}&cursor=${deepCursor}` },
  { name: `search '${SEARCH}'`, path: `/recipes?q=${encodeURIComponent(SEARCH)}&limit=${PAGE}` },
  {
    name: "filtered list",
    path: `/recipes?category_id=${filter.category_id}&max_total_time_sec=${filter.max_total_time_sec}&limit=${PAGE}`,
  },
  {
    name: "create",
    path: "/recipes",
    method: "POST",
    body: createBody,
    headers: [`authorization=Bearer ${token}`, "content-type=application/json"],
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
};

/** Sanity check before load: the scenario answers 2xx. */
async function probe(s: Scenario): Promise<void> {
  const headers = Object.fromEntries(
    (s.headers ?? []).map((h) => h.split(/=(.*)/s).slice(0, 2) as [string, string]),
  );
  const res = await fetch(`${base}${s.path}`, { method: s.method ?? "GET", headers, body: s.body ?? null });
  if (!res.ok) throw new Error(`${s.name}: ${res.status} ${await res.text()}`);
  await res.arrayBuffer();
}

function runAutocannon(s: Scenario): Promise<Result> {
  const args = [
    "node_modules/autocannon/autocannon.js",
    "-c",
    String(CONNECTIONS),
    "-d",
    String(SECONDS),
    "-j",
    "-n",
    ...(s.method ? ["-m", s.method] : []),
    ...(s.body ? ["-b", s.body] : []),
    ...(s.headers ?? []).flatMap((h) => ["-H", h]),
    `${base}${s.path}`,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString("utf8");
    });
    child.on("error", reject);
    child.on("close", (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited with ${code}`));
      const r = JSON.parse(out);
      resolve({
        name: s.name,
        rps: r.requests.average,
        p50: r.latency.p50,
        p99: r.latency.p99,
        ok: r["2xx"],
        bad: r.non2xx,
        errors: r.errors + r.timeouts,
      });
    });
  });
}

const results: Result[] = [];
for (const scenario of scenarios) {
  await probe(scenario);
  log(`running '${scenario.name}' for ${SECONDS} s`);
  results.push(await runAutocannon(scenario));
}
server.close();
server.closeAllConnections();

// ---- Plans ------------------------------------------------------------------------------------

async function explain(title: string, query: { compile(): CompiledQuery }) {
  const compiled = query.compile();
  const plan = await db.executeQuery<{ "QUERY PLAN": string }>(
    CompiledQuery.raw(`explain (analyze, costs off, buffers off) ${compiled.sql}`, [...compiled.parameters]),
  );
  console.log(`\n-- ${title}`);
  for (const row of plan.rows) console.log(row["QUERY PLAN"]);
}

console.log(`\nEXPLAIN ANALYZE (${RECIPES} recipes)`);
await explain("list, first page (newest)", recipeListQuery(db, {}, "newest", undefined, PAGE));
await explain(
  `list, page ${DEEP_PAGES + 1} (newest, keyset)`,
  recipeListQuery(db, {}, "newest", { key: deepRow.key, id: deepRow.id }, PAGE),
);
await explain(
  `search '${SEARCH}' (relevance)`,
  recipeListQuery(db, { q: SEARCH }, "relevance", undefined, PAGE),
);
await explain(
  `filter category_id=${filter.category_id} max_total_time_sec=${filter.max_total_time_sec}`,
  recipeListQuery(db, filter, "newest", undefined, PAGE),
);

// ---- Report -----------------------------------------------------------------------------------

const pad = (v: string, n: number) => v.padEnd(n);
const num = (v: number, digits = 0) => v.toFixed(digits).padStart(10);
console.log(
  `\n${RECIPES} recipes, ${CONNECTIONS} connections, ${SECONDS} s per scenario, ${serverUrl ? "PostgreSQL" : "PGlite"}`,
);
console.log(
  `${pad("scenario", 30)}${"req/s".padStart(10)}${"p50 ms".padStart(10)}${"p99 ms".padStart(10)}${"2xx".padStart(10)}${"non-2xx".padStart(10)}`,
);
for (const r of results) {
  console.log(
    `${pad(r.name, 30)}${num(r.rps)}${num(r.p50, 1)}${num(r.p99, 1)}${num(r.ok)}${num(r.bad + r.errors)}`,
  );
}

const byName = (prefix: string) => results.find((r) => r.name.startsWith(prefix)) as Result;
const [first, deep, search, detail] = [
  byName("list, first"),
  byName("list, page"),
  byName("search"),
  byName("recipe detail"),
];
const checks: [string, boolean][] = [
  [
    `deep page p50 ${deep.p50} ms within 1.5x (or 1 ms, the resolution) of first page p50 ${first.p50} ms`,
    deep.p50 <= Math.max(1.5 * first.p50, first.p50 + 1),
  ],
  [`search p50 ${search.p50} ms under 50 ms`, search.p50 < 50],
  [`detail ${Math.round(detail.rps)} req/s at least 1,500`, detail.rps >= 1500],
  [`every request answered 2xx`, results.every((r) => r.bad + r.errors === 0)],
];
const total = (performance.now() - started) / 1000;
checks.push([`whole run ${total.toFixed(0)} s under 300 s`, total < 300]);
console.log(
  serverUrl ? "\nTargets (PostgreSQL, 2 cores):" : "\nTargets (set for PostgreSQL; informational on PGlite):",
);
for (const [text, pass] of checks) console.log(`${pass ? "PASS" : "FAIL"}  ${text}`);

await closeDb();
process.exitCode = checks.every(([, pass]) => pass) ? 0 : 1;

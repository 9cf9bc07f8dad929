/**
 * The functions as `sst deploy` bundles them (stacks/bundle.ts: SST's esbuild and options, the
 * Lambda-only stand-ins), each run in a fresh Node process with a Lambda's environment, the way the
 * Lambda runtime imports and calls them. The database is an address nothing listens on, so every
 * answer is decided before or at the first connection, on any machine; the bucket is the test run's
 * embedded S3 (test/global-setup.ts), which the bundled S3 client really talks to.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toEvent } from "../../functions/lib/local.ts";
import { bundleFunction, deferMiddyHttp } from "../../stacks/bundle.ts";

const run = promisify(execFile);
const FUNCTIONS = ["recipes/get", "auth/token", "health/get", "not-found"] as const;
type Fn = (typeof FUNCTIONS)[number];

const DEAD = "127.0.0.1:9"; // the discard port: nothing listens on it here
const LAMBDA_ENV = {
  PATH: process.env.PATH ?? "",
  NODE_ENV: "production",
  LOG_LEVEL: "silent",
  AWS_LAMBDA_FUNCTION_NAME: "bundle-test",
  AWS_REGION: "us-east-1",
  // The role's credentials, as Lambda's runtime puts them in the environment: here the run's key of
  // the embedded S3 server (test/global-setup.ts), which checks every signature.
  AWS_ACCESS_KEY_ID: process.env.S3_ACCESS_KEY_ID ?? "",
  AWS_SECRET_ACCESS_KEY: process.env.S3_SECRET_ACCESS_KEY ?? "",
  // As SST's prefetchSecrets writes them; the banner copies them to JWT_SECRET and DATABASE_URL.
  SST_Secret_value_JWT_SECRET: "s".repeat(48),
  SST_Secret_value_DATABASE_URL: `postgres://bundle:test@${DEAD}/bundle`,
  DB_CONNECT_TIMEOUT_MS: "1000",
  STORAGE_URL: process.env.STORAGE_URL ?? "",
  S3_BUCKET: process.env.S3_BUCKET ?? "",
  PUBLIC_STORAGE_URL: "https://pictures.example.com",
  FRONTEND_URL: "https://recipes.example.com",
};

let dir: string;
const bundles = new Map<Fn, string>();

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "bundles-"));
  for (const fn of FUNCTIONS) {
    const file = join(dir, `${fn.replace("/", "-")}.mjs`);
    await bundleFunction(fn, file);
    bundles.set(fn, file);
  }
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Answer = { statusCode: number; headers: Record<string, string>; body: string };

/** Imports the bundle in a fresh process, calls its handler once, and says what Node loaded on import. */
async function invoke(
  fn: Fn,
  method: string,
  url: string,
  routeKey: string,
  init: { body?: string; headers?: Record<string, string>; pathParameters?: Record<string, string> } = {},
) {
  const event = toEvent(
    { method, url, headers: init.headers, body: init.body },
    routeKey,
    init.pathParameters ?? {},
  );
  const script = [
    "const before = new Set(process.moduleLoadList);",
    `const { handler } = await import(${JSON.stringify(bundles.get(fn))});`,
    "const loaded = process.moduleLoadList.filter((m) => !before.has(m));",
    "const context = { awsRequestId: 'bundle-test', getRemainingTimeInMillis: () => 10_000 };",
    "const answer = await handler(JSON.parse(process.argv[1]), context);",
    "process.stdout.write(JSON.stringify({ answer, loaded }));",
    "process.exit(0);",
  ].join("\n");
  const { stdout } = await run(
    process.execPath,
    ["--input-type=module", "-e", script, JSON.stringify(event)],
    {
      env: LAMBDA_ENV,
    },
  );
  return JSON.parse(stdout) as { answer: Answer; loaded: string[] };
}

describe("the deployed bundles", () => {
  it("answer an id that cannot exist with the contract's 404, before any connection", async () => {
    const { answer } = await invoke(
      "recipes/get",
      "GET",
      "/api/v1/recipes/abc",
      "GET /api/v1/recipes/{recipe_id}",
      {
        pathParameters: { recipe_id: "abc" },
      },
    );
    expect(answer.statusCode).toBe(404);
    expect(answer.headers["content-type"]).toBe("application/problem+json");
    expect(JSON.parse(answer.body)).toMatchObject({ status: 404, detail: "Recipe ID 'abc' was not found." });
  });

  it("answer 503 when the database is down, through Kysely and pg as bundled", async () => {
    const { answer } = await invoke(
      "recipes/get",
      "GET",
      "/api/v1/recipes/1",
      "GET /api/v1/recipes/{recipe_id}",
      {
        pathParameters: { recipe_id: "1" },
      },
    );
    expect(answer.statusCode).toBe(503);
    expect(JSON.parse(answer.body)).toMatchObject({ status: 503 });
  });

  it("load neither Node's HTTP stack nor fs/promises on import when the function never fetches", async () => {
    const { loaded } = await invoke(
      "recipes/get",
      "GET",
      "/api/v1/recipes/abc",
      "GET /api/v1/recipes/{recipe_id}",
      {
        pathParameters: { recipe_id: "abc" },
      },
    );
    expect(loaded.length).toBeGreaterThan(0);
    expect(
      loaded.filter((m) => /\b(_http_server|_http_client|internal\/fs\/promises|undici)\b/.test(m)),
    ).toEqual([]);
  });

  it("read Middy's status texts when a body is not JSON (its error loads node:http then)", async () => {
    const { answer } = await invoke("auth/token", "POST", "/api/v1/auth/token", "POST /api/v1/auth/token", {
      headers: { "content-type": "application/json" },
      body: "{not json",
    });
    expect(answer.statusCode).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ detail: "Request body is not valid JSON." });
  });

  it("answer a __proto__ key with 422 through Middy's HttpError as the bundle rewrites it (MIDDY_UTIL)", async () => {
    // Middy throws the forbidden key as an HttpError naming it; were its status texts not read
    // (STATUS_CODES left unrewritten), building that error would fail and the answer would be a 400.
    const { answer } = await invoke("auth/token", "POST", "/api/v1/auth/token", "POST /api/v1/auth/token", {
      headers: { "content-type": "application/json" },
      body: '{"username":"a","__proto__":{"role":"admin"}}',
    });
    expect(answer.statusCode).toBe(422);
    expect(JSON.parse(answer.body)).toMatchObject({
      errors: [{ path: "__proto__", message: "Unknown field." }],
    });
  });

  it("tell a dead database from a live bucket in the health report, through the bundled S3 client", async () => {
    const { answer } = await invoke("health/get", "GET", "/api/v1/health", "GET /api/v1/health");
    expect(answer.statusCode).toBe(503);
    expect(JSON.parse(answer.body)).toMatchObject({
      status: "unavailable",
      database: "unavailable",
      storage: "ok",
    });
  });

  it("answer an unknown path with the $default function's 404", async () => {
    const { answer } = await invoke("not-found", "GET", "/api/v1/nothing", "$default");
    expect(answer.statusCode).toBe(404);
  });
});

/**
 * Each rule of stacks/bundle.ts that stands in for a package's code names that code by a path or a
 * package name: an upgrade that moves it would leave the rule matching nothing and the bundles
 * quietly bigger. Each still replaces what it names (bytes each saves: in stacks/bundle.ts).
 */
describe("the stand-ins of stacks/bundle.ts", () => {
  /** Whether the bundle holds `snippet` (a boolean: a failing toContain would print the whole bundle). */
  const has = (fn: Fn, snippet: string) => readFileSync(bundles.get(fn) as string, "utf8").includes(snippet);

  it("replace Kysely's schema builder, withSchema() and PGlite dialect (KYSELY_STAND_INS)", () => {
    expect(has("recipes/get", "Kysely's schema builder (db.schema) is not part of a Lambda bundle")).toBe(
      true,
    );
    expect(has("recipes/get", "Kysely's withSchema() is not part of a Lambda bundle")).toBe(true);
    expect(has("recipes/get", "Kysely's PGlite dialect (the embedded database")).toBe(true);
  });

  it("replace pg's native client and its ~/.pgpass reader", () => {
    expect(has("recipes/get", "Cannot find module 'pg-native'")).toBe(true);
    expect(has("recipes/get", "PGPASSFILE")).toBe(false); // the variable pgpass reads
  });

  it("replace the S3 client's default credential chain with the environment's credentials", () => {
    expect(has("health/get", "AWS_SECRET_ACCESS_KEY")).toBe(true);
    expect(has("health/get", "AssumeRoleWithWebIdentity")).toBe(false); // the STS and SSO links
  });

  it("require node:http inside Middy's utilities only where a status text is read, and stop the build when that no longer fits", () => {
    expect(has("recipes/get", '("node:http").STATUS_CODES')).toBe(true); // a require, minified
    const source = readFileSync("node_modules/@middy/util/index.js", "utf8");
    expect(deferMiddyHttp(source, "@middy/util")).not.toContain('from "node:http"');
    expect(() =>
      deferMiddyHttp(source.replace('import { STATUS_CODES } from "node:http";', ""), "x"),
    ).toThrow(/no longer has/);
    expect(() => deferMiddyHttp(`${source}\nconst all = STATUS_CODES;`, "x")).toThrow(/does not rewrite/);
  });

  it("give a route's function its own line of the route table alone, and the $default function all of them (ownRouteLine)", () => {
    expect(has("recipes/get", '"/recipes/{recipe_id}"')).toBe(true);
    expect(has("recipes/get", "/users/me/sessions")).toBe(false);
    expect(has("auth/token", "/recipes/{recipe_id}")).toBe(false);
    expect(has("not-found", "/users/me/sessions")).toBe(true);
  });

  it("leave PGlite out (core/db.ts imports it only without DATABASE_URL)", () => {
    expect(has("recipes/get", 'import("@electric-sql/pglite")')).toBe(true);
    expect(has("recipes/get", "pglite.wasm")).toBe(false); // PGlite's own code
  });
});

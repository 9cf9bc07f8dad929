/**
 * `npm run bundle-size`: bundles every Lambda of the stack exactly as SST does (SST's own esbuild,
 * its ESM banner, the stack's `nodejs` options), then prints each bundle's size from esbuild's
 * metafile and the median time to import it in a fresh Node process, beside an empty module's.
 * Targets: functions whose route line grants no storage under 300 KB, 500 KB for those that parse
 * pages or ingredient lines (`needs.parses`) and for `migrate` (Kysely's schema builder and every
 * migration, which only grow; it runs once per deploy, never on a request), functions with a storage grant (`needs.storage` in
 * functions/routes.ts, the S3 client in their bundle) under 1.5 MB, and
 * every function imported within 60 ms. Exits 1 when a target is missed. `--runs N` sets the
 * imports per bundle (default 5); handler names as arguments (`-- recipes/get not-found`) measure
 * only those. The plugin of stacks/bundle.ts applies here as on deploy, so the sizes are without what
 * a Lambda never runs (PGlite, pg's native client, Kysely's schema builder outside the migrate
 * function).
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { LIVE_ROUTES, routes, type StorageGrant } from "../functions/routes.ts";
import { bundleFunction } from "../stacks/bundle.ts";
import { median } from "./lib/median.ts";

const KB = 1024;
const TARGET_PLAIN = 300 * KB;
const TARGET_PARSING = 500 * KB;
const TARGET_STORAGE = 1.5 * KB * KB;
const TARGET_IMPORT_MS = 60;
const args = process.argv.slice(2);
const runsArg = args.indexOf("--runs");
const RUNS = runsArg >= 0 ? Number(args[runsArg + 1]) : 5;
const only = args.filter((arg, i) => !arg.startsWith("--") && args[i - 1] !== "--runs");

// Inside the project, so that the external `sharp` resolves from node_modules like in the bundle.
const OUT = resolve(".build/bundle-size");

// What a Lambda's environment holds, so that core/config.ts loads; nothing connects on import.
const LAMBDA_ENV = {
  PATH: process.env.PATH ?? "",
  NODE_ENV: "production",
  LOG_LEVEL: "silent",
  AWS_LAMBDA_FUNCTION_NAME: "bundle-size",
  AWS_REGION: "us-east-1",
  SST_Secret_value_JWT_SECRET: "x".repeat(48),
  SST_Secret_value_DATABASE_URL: "postgres://bundle:size@127.0.0.1:1/bundle",
  S3_BUCKET: "recipes-bundle-size",
  PUBLIC_STORAGE_URL: "https://pictures.example.com",
  FRONTEND_URL: "https://recipes.example.com",
};

/**
 * Milliseconds to import `file` in a fresh process (the process start itself not included): the
 * elapsed time, and the process's CPU time meanwhile, which other load on the machine moves far less.
 */
function importTime(file: string): { ms: number; cpuMs: number } {
  const probe = `const c = process.cpuUsage(); const t = performance.now(); await import(${JSON.stringify(pathToFileURL(file).href)}); const ms = performance.now() - t; const u = process.cpuUsage(c); console.log(ms, (u.user + u.system) / 1000);`;
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", probe], {
    env: LAMBDA_ENV,
    encoding: "utf8",
  });
  const [ms = Number.NaN, cpuMs = Number.NaN] = (out.trim().split("\n").at(-1) ?? "").split(" ").map(Number);
  return { ms, cpuMs };
}

function medianImport(file: string): { ms: number; cpuMs: number } {
  const runs = Array.from({ length: RUNS }, () => importTime(file));
  return { ms: median(runs.map((r) => r.ms)), cpuMs: median(runs.map((r) => r.cpuMs)) };
}

rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });
const empty = join(OUT, "empty.mjs");
writeFileSync(empty, "export const handler = async () => ({});\n");
const baseline = medianImport(empty);

// The storage grant of each function's route line: what it may do in the bucket, so what it may carry.
const grants = new Map<string, StorageGrant | undefined>([
  ...routes.map((r) => [r.handler, r.needs.storage] as const),
  ...Object.keys(LIVE_ROUTES).map((handler) => [handler, undefined] as const),
  ["not-found", undefined],
  ["migrate", undefined],
]);
/** The functions that parse pages or ingredient lines (`needs.parses`), and `migrate`: a bigger target. */
const mayBeLarger = new Set([...routes.filter((r) => r.needs.parses).map((r) => r.handler), "migrate"]);
const handlers = [...grants.keys()].filter((handler) => only.length === 0 || only.includes(handler));
if (handlers.length < only.length)
  throw new Error(`No such function: ${only.filter((h) => !grants.has(h)).join(", ")}`);
type Row = {
  handler: string;
  bytes: number;
  grant: StorageGrant | undefined;
  s3: boolean;
  ms: number;
  cpuMs: number;
  verdict: string;
  heaviest: string;
};
const rows: Row[] = [];
for (const handler of handlers) {
  const outfile = join(OUT, `${handler}.mjs`);
  const output = await bundleFunction(handler, outfile);
  const inputs = Object.entries(output.inputs);
  const grant = grants.get(handler);
  const s3 = inputs.some(([file]) => file.includes("@aws-sdk/client-s3"));
  // The three largest packages or folders, to see at once where the bytes come from.
  const byPackage = new Map<string, number>();
  for (const [file, { bytesInOutput }] of inputs) {
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file)?.[1] ?? file.split("/").slice(0, 2).join("/");
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + bytesInOutput);
  }
  const heaviest = [...byPackage]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([pkg, bytes]) => `${pkg} ${Math.round(bytes / KB)}`)
    .join(", ");
  const { ms, cpuMs } = medianImport(outfile);
  const verdict = [
    output.bytes > (grant ? TARGET_STORAGE : mayBeLarger.has(handler) ? TARGET_PARSING : TARGET_PLAIN)
      ? "OVER"
      : "",
    ms > TARGET_IMPORT_MS ? "SLOW" : "",
    // The S3 client in a bundle whose line grants no storage: it could not use it on AWS.
    s3 && !grant ? "S3?" : "",
  ]
    .filter(Boolean)
    .join(",");
  rows.push({ handler, bytes: output.bytes, grant, s3, ms, cpuMs, verdict: verdict || "ok", heaviest });
}

const pad = (value: string, width: number) => value.padEnd(width);
const lpad = (value: string, width: number) => value.padStart(width);
console.log(
  `Median of ${RUNS} imports in a fresh Node ${process.version} process; empty module ${baseline.ms.toFixed(1)} ms (CPU ${baseline.cpuMs.toFixed(1)} ms); the import target is judged on the elapsed time.`,
);
console.log(
  `Targets: ${TARGET_PLAIN / KB} KB without a storage grant, ${TARGET_PARSING / KB} KB for a function that parses pages or ingredient lines (needs.parses) and for migrate, ${TARGET_STORAGE / KB / KB} MB with a storage grant (needs.storage); import ≤ ${TARGET_IMPORT_MS} ms.\n`,
);
console.log(
  `${pad("function", 30)}${lpad("KB", 6)}  ${pad("storage", 9)}${lpad("import ms", 10)}${lpad("cpu ms", 8)}  ${pad("target", 10)}largest parts (KB)`,
);
for (const row of rows) {
  const storage = row.grant ? (row.s3 ? row.grant : `${row.grant}, no S3`) : "-";
  console.log(
    `${pad(row.handler, 30)}${lpad((row.bytes / KB).toFixed(0), 6)}  ${pad(storage, 9)}${lpad(row.ms.toFixed(1), 10)}${lpad(row.cpuMs.toFixed(1), 8)}  ${pad(row.verdict, 10)}${row.heaviest}`,
  );
}
const over = rows.filter((r) => r.verdict !== "ok");
console.log(
  over.length
    ? `\n${over.length} of ${rows.length} functions miss their target.`
    : "\nEvery function meets its target.",
);
process.exitCode = over.length ? 1 : 0;

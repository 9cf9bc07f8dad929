/**
 * `npm run dev`: the whole API on http://localhost:7000 (the same handlers as the Lambdas) and the
 * web app on http://localhost:8000 (Vite, proxying /api to the API, the live list's WebSocket
 * /api/v1/live included): one command, one Ctrl-C.
 * Nothing configured → embedded PGlite in .data/ and the embedded S3 server on port 9000.
 * `PORT` and `WEB_PORT` move the two servers; `--no-web` starts the API alone; `--preview` builds the
 * app for production and serves that build instead of the dev server (the end-to-end tests use it:
 * a handful of files per page load instead of every module one by one).
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { closeServer, listen, printApiReady, stopOnSignals, webPort } from "./lib/serve.ts";

const withWeb = !process.argv.includes("--no-web");
const preview = process.argv.includes("--preview");
// CORS follows the app's address unless it is configured (the dev proxy makes it same-origin anyway).
if (withWeb) process.env.FRONTEND_URL ??= `http://localhost:${webPort}`;

// Imported after FRONTEND_URL is settled: core/config.ts reads the environment once, on import.
const { config } = await import("../core/config.ts");
const { closeDb, getDb, migrateToLatest } = await import("../core/db.ts");
const { DEV_ACCOUNTS } = await import("../core/seed/accounts.ts");
const { seedDevelopmentData } = await import("../core/seed/index.ts");
const { importFoodsIfEmpty } = await import("../core/nutrition/import.ts");
const { startEmbeddedS3 } = await import("./lib/embedded-s3.ts");
const { createApiServer } = await import("./lib/http-server.ts");

const started = performance.now();

const s3 = config.storage.embedded
  ? await startEmbeddedS3({
      port: Number(new URL(config.storage.url ?? "http://127.0.0.1:9000").port || 9000),
      directory: join(config.dataDir, "s3"),
      bucket: config.storage.bucket,
      credentials: config.storage.credentials,
      allowedOrigin: config.frontendUrl,
      host: config.host,
      allowedHosts: config.allowedHosts,
    })
  : undefined;

const db = getDb();
const applied = await migrateToLatest(db);
// Not awaited: the API serves while NUTRITION_TABLE is imported (one transaction), and one line says how it went.
void importFoodsIfEmpty(db, config, console.log);
if (!config.production) await seedDevelopmentData(db);

let server: ReturnType<typeof createApiServer>;
try {
  server = createApiServer();
} catch (error) {
  // A setting only the local server reads (TRUST_PROXY): its message says what is wrong.
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
await listen(server, config.port, config.host);
printApiReady(config, {
  started,
  applied,
  storage: s3 ? `embedded S3 at ${s3.url}` : `S3 at ${config.storage.url ?? "AWS"}`,
  more: config.production
    ? []
    : [`  accounts: ${DEV_ACCOUNTS.map((a) => a.username).join(", ")} (passwords in README.md)`],
});

let stopping = false;
let web: ChildProcess | undefined;
const stop = stopOnSignals(async () => {
  stopping = true;
  // Vite gets the terminal's Ctrl-C itself; a SIGTERM (CI, tests) reaches only this process.
  const webExited = web && web.exitCode === null ? new Promise((r) => web?.once("exit", r)) : undefined;
  web?.kill("SIGTERM");
  await closeServer(server, 0); // a development server stops at once, requests in flight or not
  await closeDb(); // PGlite writes its files on close, so .data/ stays consistent
  await s3?.close();
  await webExited;
});
if (withWeb) web = startWeb();

/** Vite from web/node_modules, on the same Node as this process; its output goes to this terminal. */
function startWeb(): ChildProcess | undefined {
  const webDir = fileURLToPath(new URL("../web/", import.meta.url));
  const vite = join(webDir, "node_modules/vite/bin/vite.js");
  if (!existsSync(vite)) {
    console.error("Web app not installed (web/node_modules is missing): run `npm install`. The API runs on.");
    return undefined;
  }
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    WEB_PORT: String(webPort),
    API_PROXY_TARGET: `http://127.0.0.1:${config.port}`,
  };
  // The API's NODE_ENV is not the app's: Vite picks development or production per command, and an
  // inherited NODE_ENV=development would build React's slow development bundle into --preview.
  delete env.NODE_ENV;
  // A private output folder: another build of web/ (a deploy, a second test run) must not swap the
  // files under this server.
  const outDir = preview ? mkdtempSync(join(tmpdir(), "recipes-web-")) : undefined;
  if (outDir) {
    const build = spawnSync(process.execPath, [vite, "build", "--logLevel", "warn", "--outDir", outDir], {
      cwd: webDir,
      env,
      stdio: "inherit",
    });
    // Serving an old build, or none, would test the wrong thing: stop here.
    if (build.status !== 0) {
      void stop("The web app's production build failed", 1);
      return undefined;
    }
  }
  const args = [
    ...(outDir ? ["preview", "--outDir", outDir] : ["--clearScreen", "false"]),
    "--host",
    config.host,
  ];
  const child = spawn(process.execPath, [vite, ...args], {
    cwd: webDir,
    stdio: ["ignore", "inherit", "inherit"],
    env,
  });
  child.on("exit", (code, signal) => {
    if (!stopping) {
      console.error(
        `The web app stopped (${signal ?? `exit code ${code}`}); the API runs on. Ctrl-C ends both.`,
      );
    }
  });
  console.log(`Web app on http://localhost:${webPort}`);
  return child;
}

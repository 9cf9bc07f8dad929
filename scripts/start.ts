/**
 * `npm start`: the service in production on one machine, with the same handlers as the Lambdas.
 * Migrations first, then the API on PORT (7000) and the built web app (web/dist, `npm run build`)
 * on WEB_PORT (8000), both on HOST (127.0.0.1 unless set; the container image sets 0.0.0.0).
 * It always runs with NODE_ENV=production: JWT_SECRET, DATABASE_URL and STORAGE_URL are required,
 * no development account is created, the import refuses private addresses (unless
 * IMPORT_ALLOW_PRIVATE_HOSTS=true), and each request is one JSON line on stdout (core/log.ts).
 * SIGTERM or SIGINT stops it cleanly: no new connections, the requests in flight answered, then the
 * database pool closed.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { missingSettings } from "./lib/production.ts";
import { closeServer, listen, printApiReady, shownHost, stopOnSignals, webPort } from "./lib/serve.ts";

/** How long the requests in flight get to finish once a stop begins (compose waits 30 s). */
const GRACE_MS = 20_000;
const dist = fileURLToPath(new URL("../web/dist/", import.meta.url));

/** Says why it cannot start, on stderr, and ends the process with 1. */
function refuse(message: string): never {
  console.error(`npm start: ${message}`);
  process.exit(1);
}

process.env.NODE_ENV = "production";
const missing = missingSettings(process.env);
if (missing) refuse(missing);

// Imported once NODE_ENV is settled: core/config.ts reads the environment once, on import, and
// throws a ConfigError (its message says what is wrong) for a value it refuses.
const { config } = await import("../core/config.ts").catch((error: unknown) => {
  if (error instanceof Error && error.message.startsWith("Configuration error")) refuse(error.message);
  throw error;
});
if (!existsSync(join(dist, "index.html"))) {
  refuse(`The web app is not built (${join(dist, "index.html")} is missing): run \`npm run build\` first.`);
}
const { closeDb, getDb, migrateToLatest } = await import("../core/db.ts");
const { importFoodsIfEmpty } = await import("../core/nutrition/import.ts");
const { createApiServer } = await import("./lib/http-server.ts");
const { createWebServer } = await import("./lib/web-server.ts");
const { hostCheck } = await import("./lib/host-check.ts");
const { originOf } = await import("../web/security-headers.ts");

const started = performance.now();
const applied = await migrateToLatest(getDb()).catch((error: unknown) =>
  // The driver's message names the problem (refused, authentication), never the URL's password.
  refuse(`Could not migrate the database at DATABASE_URL: ${error instanceof Error ? error.message : error}`),
);
// Not awaited: the API serves while the foods table is imported (one transaction), and one line says how it went.
void importFoodsIfEmpty(getDb(), config, console.log);

/** The API's server; a setting only it reads (TRUST_PROXY) that it refuses stops the start. */
function apiServer() {
  try {
    return createApiServer();
  } catch (error) {
    if (error instanceof Error && error.message.startsWith("Configuration error")) refuse(error.message);
    throw error;
  }
}
const api = apiServer();
const web = createWebServer({
  dist,
  api,
  // The site's policy (as on AWS, stacks/site.ts): the browser also sends archives to, and fetches
  // exports from, storage's signed links, and shows pictures from the public storage address or
  // any https: page an import names. HSTS is for the TLS proxy in front to send.
  csp: {
    connect: [originOf(config.storage.linkUrl ?? config.storage.publicUrl)],
    img: [originOf(config.storage.publicUrl), "https:"],
  },
  hostAllowed: hostCheck(config.host, config.allowedHosts),
});
await listen(api, config.port, config.host);
await listen(web, webPort, config.host);
printApiReady(config, {
  started,
  applied,
  storage: `S3 at ${config.storage.url}`,
  more: config.importAllowPrivateHosts
    ? ["  imports:  private addresses allowed (IMPORT_ALLOW_PRIVATE_HOSTS=true)"]
    : [],
});
console.log(`Web app on http://${shownHost(config)}:${webPort} (production build, ${dist})`);

stopOnSignals(async () => {
  await Promise.all([closeServer(web, GRACE_MS), closeServer(api, GRACE_MS)]);
  await closeDb();
});

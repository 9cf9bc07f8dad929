/**
 * `npm run dev`: the whole API on http://localhost:7000, with the same handlers as the Lambdas.
 * Nothing configured → embedded PGlite in .data/ and the embedded S3 server on port 9000.
 */
import { join } from "node:path";
import { config } from "../core/config.ts";
import { closeDb, getDb, migrateToLatest } from "../core/db.ts";
import { DEV_ACCOUNTS } from "../core/seed/accounts.ts";
import { seedDevelopmentData } from "../core/seed/index.ts";
import { type EmbeddedS3, startEmbeddedS3 } from "./lib/embedded-s3.ts";
import { createApiServer } from "./lib/http-server.ts";

const started = performance.now();

let s3: EmbeddedS3 | undefined;
if (config.storage.embedded) {
  const port = Number(new URL(config.storage.url ?? "http://127.0.0.1:9000").port || 9000);
  s3 = await startEmbeddedS3({ port, directory: join(config.dataDir, "s3"), bucket: config.storage.bucket });
}

const db = getDb();
const applied = await migrateToLatest(db);
if (!config.production) await seedDevelopmentData(db);

const server = createApiServer();
server.listen(config.port, () => {
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const database = config.databaseUrl
    ? "PostgreSQL (DATABASE_URL)"
    : `embedded PGlite (${config.pgliteDataDir})`;
  const storage = s3 ? `embedded S3 at ${s3.url}` : `S3 at ${config.storage.url ?? "AWS"}`;
  console.log(`Recipe API listening on http://localhost:${config.port}/api/v1 (ready in ${seconds}s)`);
  console.log(`  database: ${database}${applied.length ? `, applied ${applied.join(", ")}` : ""}`);
  console.log(`  storage:  ${storage}, bucket '${config.storage.bucket}'`);
  if (!config.production) {
    console.log(`  accounts: ${DEV_ACCOUNTS.map((a) => a.username).join(", ")} (passwords in README.md)`);
  }
  console.log(`  health:   http://localhost:${config.port}/api/v1/health`);
});

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: shutting down`);
  server.close();
  server.closeAllConnections();
  await closeDb(); // PGlite writes its files on close, so .data/ stays consistent
  await s3?.close();
  process.exit(0);
}
process.on("SIGINT", () => void stop("SIGINT"));
process.on("SIGTERM", () => void stop("SIGTERM"));

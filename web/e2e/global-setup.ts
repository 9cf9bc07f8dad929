/**
 * Starts `scripts/dev.ts --preview` (the API, and the app built for production behind the same proxy,
 * as `npm run dev -- --preview` does) on free ports,
 * with PGlite in memory and its own data directory, so a run never touches .data/ or a developer's
 * running servers; waits until both answer; stops them afterwards. The API signs in through an OpenID
 * Connect provider this process runs (oidc-provider.ts), so the log-in page offers "Sign in with
 * Home ID" in every test.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { startEmbeddedS3, storageEnvironment } from "../../scripts/lib/embedded-s3.ts";
import { startOidcProvider } from "./oidc-provider.ts";

const root = fileURLToPath(new URL("../../", import.meta.url));
// One log per run: two runs at once (a developer's and a helper's) must not write into one file.
const logFile = fileURLToPath(new URL(`../test-results/stack-${process.pid}.log`, import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject()));
    });
  });
}

async function waitFor(url: string, child: ChildProcess, deadline: number) {
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`The dev servers exited (${child.exitCode}); see ${logFile}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(
    `${url} did not answer in time; see ${logFile}:\n${readFileSync(logFile, "utf8").slice(-2000)}`,
  );
}

export default async function globalSetup() {
  const [apiPort, webPort, storagePort] = [await freePort(), await freePort(), await freePort()];
  mkdirSync(join(logFile, ".."), { recursive: true });
  const log = createWriteStream(logFile);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "development",
    PORT: String(apiPort),
    WEB_PORT: String(webPort),
    PGLITE_DATA_DIR: "memory://",
    DATA_DIR: mkdtempSync(join(tmpdir(), "recipes-e2e-")),
    LOG_LEVEL: "silent",
    // The recipe import fetches a page this run serves on 127.0.0.1 (import-export.spec.ts).
    IMPORT_ALLOW_PRIVATE_HOSTS: "true",
    // Every test signs its people up from 127.0.0.1: more than the 20 an hour one address gets.
    SIGNUPS_PER_HOUR: "1000",
    // USDA's table, from the copy beside the project (never in it), imported at start (nutrition.spec.ts).
    NUTRITION_TABLE: join(root, "../shared/data/nutrition/ABBREV.xlsx"),
  };
  // The pictures the editor uploads (recipe-editor.spec.ts) need a storage server at STORAGE_URL.
  const storage = await startEmbeddedS3({
    port: storagePort,
    directory: join(env.DATA_DIR ?? tmpdir(), "s3"),
    bucket: "recipes",
    allowedOrigin: `http://localhost:${webPort}`,
  });
  // Storage of its own, so port 9000 stays free for `npm run dev`.
  Object.assign(env, storageEnvironment(storage));
  // The household's identity provider (oidc.spec.ts), sending the browser back to this app.
  const oidc = await startOidcProvider(`http://localhost:${webPort}`);
  Object.assign(env, oidc.environment);
  // Always the private in-memory database, even when the suite runs with DATABASE_URL set.
  delete env.DATABASE_URL;
  delete env.FRONTEND_URL;
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/dev.ts", "--preview"], {
    cwd: root,
    env,
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);

  const baseUrl = `http://localhost:${webPort}`;
  // Generous: migrating, seeding and building take ~20 s on a quiet machine, minutes on a busy one.
  const deadline = Date.now() + 600_000;
  try {
    await waitFor(`${baseUrl}/`, child, deadline);
    await waitFor(`${baseUrl}/api/v1/recipes?limit=1`, child, deadline);
  } catch (error) {
    child.kill("SIGTERM"); // no teardown runs after a failed setup: leave no servers behind
    await Promise.all([storage.close(), oidc.close()]);
    throw error;
  }
  process.env.E2E_BASE_URL = baseUrl;

  return async () => {
    await Promise.all([storage.close(), oidc.close()]);
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  };
}

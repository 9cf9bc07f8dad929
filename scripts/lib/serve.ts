/**
 * What `npm run dev` (scripts/dev.ts) and `npm start` (scripts/start.ts) both do around their
 * servers: the web app's port, listening, the lines printed once the API answers, and a stop on
 * SIGINT or SIGTERM that runs once. Nothing here reads core/config.ts: dev.ts settles the
 * environment before that module is first imported.
 */
import type { Server } from "node:http";
import type { Config } from "../../core/config.ts";

/** The web app's port (`WEB_PORT`, 8000 unless set). */
export const webPort = Number(process.env.WEB_PORT ?? 8000);

export function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
}

/**
 * Stops a server: no new connections; kept-alive connections with no request in flight are closed
 * at once, the others once their answer is written; whatever is still open after `graceMs` is cut.
 * Resolves when the last connection has closed, or at the cut: a connection upgraded to a WebSocket
 * is no longer the HTTP server's to close, and its owner ends it.
 */
export function closeServer(server: Server, graceMs: number): Promise<void> {
  if (!server.listening) return Promise.resolve();
  return new Promise((resolve) => {
    // close() closes the idle connections of its moment only: a connection whose request was in
    // flight goes idle when its answer is written, and then this closes it.
    const sweep = setInterval(() => server.closeIdleConnections(), 50);
    const done = () => {
      clearInterval(sweep);
      clearTimeout(cut);
      resolve();
    };
    const cut = setTimeout(() => {
      server.closeAllConnections();
      done();
    }, graceMs);
    server.close(done);
  });
}

/** The local name of the address the servers listen on, for the printed URLs. */
export const shownHost = (config: Config): string =>
  config.host === "127.0.0.1" ? "localhost" : config.host;

/** The lines printed once the API listens: where it is, its database and storage, then `more`. */
export function printApiReady(
  config: Config,
  ready: { started: number; applied: string[]; storage: string; more?: string[] },
): void {
  const seconds = ((performance.now() - ready.started) / 1000).toFixed(1);
  const database = config.databaseUrl
    ? "PostgreSQL (DATABASE_URL)"
    : `embedded PGlite (${config.pgliteDataDir})`;
  const applied = ready.applied.length ? `, applied ${ready.applied.join(", ")}` : "";
  console.log(
    `Recipe API listening on http://${shownHost(config)}:${config.port}/api/v1 (ready in ${seconds}s)`,
  );
  console.log(`  database: ${database}${applied}`);
  console.log(`  storage:  ${ready.storage}, bucket '${config.storage.bucket}'`);
  for (const line of ready.more ?? []) console.log(line);
  console.log(`  health:   http://localhost:${config.port}/api/v1/health`);
}

/**
 * SIGINT and SIGTERM run `stop` once and then end the process. Returns the same stop for the
 * process's own reasons (`reason` is printed, `exitCode` is the process's).
 */
export function stopOnSignals(
  stop: () => Promise<void>,
): (reason: string, exitCode?: number) => Promise<void> {
  let stopping = false;
  const shutDown = async (reason: string, exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${reason}: shutting down`);
    await stop();
    process.exit(exitCode);
  };
  process.on("SIGINT", () => void shutDown("SIGINT"));
  process.on("SIGTERM", () => void shutDown("SIGTERM"));
  return shutDown;
}

/**
 * `npm run dev` listens on loopback only unless HOST says otherwise: with the development admin
 * account and private-host fetching on, a server on every interface would hand the instance to the
 * network. 127.0.0.2 is a loopback address too, but another one: a server bound to 127.0.0.1 refuses
 * it, a server on every interface (0.0.0.0) accepts it, so this needs no other network.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { freePort } from "../helpers/ports.ts";

const root = resolve(import.meta.dirname, "../..");

/** Whether a TCP connection to host:port is accepted. */
function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect({ host, port });
    socket.once("connect", () => {
      socket.destroy();
      done(true);
    });
    socket.once("error", () => done(false));
  });
}

let child: ChildProcess | undefined;
let dataDir: string | undefined;
afterEach(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((r) => child?.once("exit", r));
    child.kill("SIGTERM");
    await exited;
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Starts scripts/dev.ts (API and web dev server; the run's storage) and waits for both to answer. */
async function startDev(host?: string) {
  const [api, web] = [await freePort(), await freePort()];
  dataDir = mkdtempSync(join(tmpdir(), "recipes-dev-listen-"));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "development",
    PORT: String(api),
    WEB_PORT: String(web),
    PGLITE_DATA_DIR: "memory://",
    DATA_DIR: dataDir,
  };
  if (host) env.HOST = host;
  else delete env.HOST;
  child = spawn(process.execPath, ["--import", "tsx", "scripts/dev.ts"], { cwd: root, env, stdio: "ignore" });
  const deadline = Date.now() + 90_000;
  while (!((await accepts("127.0.0.1", api)) && (await accepts("127.0.0.1", web)))) {
    if (child.exitCode !== null) throw new Error(`scripts/dev.ts exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error("scripts/dev.ts did not start listening");
    await new Promise((r) => setTimeout(r, 250));
  }
  return { api, web };
}

describe("npm run dev", () => {
  it("binds the API and the web app to 127.0.0.1 by default", { timeout: 120_000 }, async () => {
    const { api, web } = await startDev();
    expect(await accepts("127.0.0.2", api)).toBe(false);
    expect(await accepts("127.0.0.2", web)).toBe(false);
  });

  it("binds where HOST says", { timeout: 120_000 }, async () => {
    const { api, web } = await startDev("0.0.0.0");
    expect(await accepts("127.0.0.2", api)).toBe(true);
    expect(await accepts("127.0.0.2", web)).toBe(true);
  });
});

/**
 * The moving parts of the fault suite: a private PostgreSQL 15 cluster the test can stop, freeze
 * and restart, an embedded S3 server it can kill and restart, and the API as a real child process
 * (`scripts/dev.ts`, what `npm run dev` runs), so that "the process stays alive" is really tested.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { randomS3Credentials } from "../../core/storage-credentials.ts";
import { type EmbeddedS3, startEmbeddedS3 } from "../../scripts/lib/embedded-s3.ts";
import { freePort } from "../helpers/ports.ts";

const REPO = resolve(import.meta.dirname, "../..");

/** Polls `check` until it returns true, at most `attempts` times `intervalMs` apart. */
export async function waitFor(what: string, check: () => Promise<boolean>, attempts = 120, intervalMs = 250) {
  for (let i = 0; i < attempts; i++) {
    if (await check().catch(() => false)) return;
    await new Promise((done) => setTimeout(done, intervalMs));
  }
  throw new Error(`Timed out waiting for ${what}.`);
}

function pgBinDir(): string {
  try {
    return execFileSync("pg_config", ["--bindir"], { encoding: "utf8" }).trim();
  } catch {
    return "/usr/lib/postgresql/15/bin";
  }
}

/** A PostgreSQL cluster of its own under a temporary directory, on a free port. */
export class PrivateCluster {
  readonly dir = mkdtempSync(join(tmpdir(), "recipes-faults-pg-"));
  readonly dataDir = join(this.dir, "data");
  readonly bin = pgBinDir();
  port = 0;

  /** initdb refuses to run as root: then every server command runs as the `postgres` OS user. */
  private run(command: string, args: string[]): string {
    const file = join(this.bin, command);
    const asRoot = process.getuid?.() === 0;
    return execFileSync(asRoot ? "runuser" : file, asRoot ? ["-u", "postgres", "--", file, ...args] : args, {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
      timeout: 60_000,
    });
  }

  async init(): Promise<void> {
    if (process.getuid?.() === 0) {
      const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }));
      const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }));
      chownSync(this.dir, uid, gid);
    }
    this.port = await freePort();
    this.run("initdb", ["-D", this.dataDir, "-A", "trust", "-U", "postgres", "--no-sync"]);
    this.start();
  }

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  start(): void {
    const options = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
    this.run("pg_ctl", [
      "-D",
      this.dataDir,
      "-o",
      options,
      "-l",
      join(this.dir, "log"),
      "-w",
      "-t",
      "60",
      "start",
    ]);
  }

  /** `pg_ctl stop -m fast`: the server terminates every connection ("administrator command"). */
  stop(mode: "fast" | "immediate" = "fast"): void {
    this.run("pg_ctl", ["-D", this.dataDir, "-m", mode, "-w", "-t", "60", "stop"]);
  }

  /** The postmaster and every process it started. */
  private pids(): number[] {
    const file = join(this.dataDir, "postmaster.pid");
    if (!existsSync(file)) return [];
    const postmaster = Number(readFileSync(file, "utf8").split("\n")[0]);
    const children = execFileSync("ps", ["-o", "pid=", "--ppid", String(postmaster)], { encoding: "utf8" })
      .split("\n")
      .map((line) => Number(line.trim()))
      .filter((pid) => pid > 0);
    return [postmaster, ...children];
  }

  /** SIGSTOP: the server keeps its sockets open and answers nothing. */
  freeze(): void {
    for (const pid of this.pids()) process.kill(pid, "SIGSTOP");
  }

  thaw(): void {
    for (const pid of this.pids()) process.kill(pid, "SIGCONT");
  }

  destroy(): void {
    try {
      this.thaw();
      this.stop("immediate");
    } catch {
      // already stopped
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** The embedded S3 server on a fixed free port, so it can be killed and started again at the same address. */
export class PrivateStorage {
  readonly dir = mkdtempSync(join(tmpdir(), "recipes-faults-s3-"));
  readonly bucket = "faults";
  port = 0;
  /** The same key across restarts, as the API process was told it. */
  readonly credentials = randomS3Credentials();
  private server: EmbeddedS3 | undefined;

  async start(): Promise<void> {
    this.port ||= await freePort();
    this.server = await startEmbeddedS3({
      port: this.port,
      directory: this.dir,
      bucket: this.bucket,
      credentials: this.credentials,
    });
  }

  async kill(): Promise<void> {
    await this.server?.close();
    this.server = undefined;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** What points a process at this server. */
  get environment() {
    return {
      STORAGE_URL: this.url,
      PUBLIC_STORAGE_URL: `${this.url}/${this.bucket}`,
      S3_BUCKET: this.bucket,
      S3_ACCESS_KEY_ID: this.credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: this.credentials.secretAccessKey,
    };
  }

  async destroy(): Promise<void> {
    await this.kill();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** The API as `npm run dev` runs it, as a child process, pointed at the private cluster and storage. */
export class ApiProcess {
  child: ChildProcess | undefined;
  output = "";
  port = 0;
  readonly dataDir = mkdtempSync(join(tmpdir(), "recipes-faults-api-"));
  private readonly secret = randomBytes(48).toString("base64url");

  constructor(
    private readonly cluster: PrivateCluster,
    private readonly storage: PrivateStorage,
  ) {}

  get base(): string {
    return `http://127.0.0.1:${this.port}/api/v1`;
  }

  async start(): Promise<void> {
    this.port = await freePort();
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "development",
      PORT: String(this.port),
      DATABASE_URL: this.cluster.url,
      ...this.storage.environment,
      DATA_DIR: this.dataDir,
      JWT_SECRET: this.secret,
      BCRYPT_COST: "4",
      LOG_LEVEL: "info",
      // The documented defaults are 10 connections, 3 s and 10 s; smaller bounds keep the suite short.
      DB_POOL_MAX: "4",
      DB_CONNECT_TIMEOUT_MS: "1500",
      DB_STATEMENT_TIMEOUT_MS: "3000",
    };
    const node = join(REPO, "node_modules", ".bin", "node");
    this.child = spawn(node, ["--import", "tsx", "scripts/dev.ts", "--no-web"], {
      cwd: REPO,
      env,
      stdio: "pipe",
    });
    this.child.stdout?.on("data", (chunk: Buffer) => this.append(chunk));
    this.child.stderr?.on("data", (chunk: Buffer) => this.append(chunk));
    await waitFor("the API to answer", async () => {
      if (!this.alive) return true; // reported below
      return (await fetch(`${this.base}/health`)).status === 200;
    });
    if (!this.alive) throw new Error(`The API exited on start:\n${this.output}`);
  }

  private append(chunk: Buffer): void {
    this.output = (this.output + chunk.toString("utf8")).slice(-20_000);
  }

  get alive(): boolean {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  async kill(signal: NodeJS.Signals = "SIGKILL"): Promise<void> {
    const child = this.child;
    if (!child || !this.alive) return;
    const exited = new Promise((done) => child.once("exit", done));
    child.kill(signal);
    await exited;
  }

  async destroy(): Promise<void> {
    await this.kill();
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

/**
 * `npm start` runs in production whatever NODE_ENV says, and refuses to start without its secrets:
 * a clear sentence on stderr and exit code 1, before it touches a database or opens a port.
 */
import { execFile } from "node:child_process";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "../..");

/** `npm start` with only `env` (empty values too: a developer's .env cannot fill them in). */
function start(
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(
      "npm",
      ["start"],
      { cwd: root, env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env }, timeout: 60_000 },
      (error, stdout, stderr) => done({ code: error ? (error.code as number) : 0, stdout, stderr }),
    );
  });
}

const nothing = { JWT_SECRET: "", DATABASE_URL: "", STORAGE_URL: "" };
// Nothing listens on port 1: a start that got past its checks would fail differently.
const unreachable = {
  DATABASE_URL: "postgres://postgres@127.0.0.1:1/none",
  STORAGE_URL: "http://127.0.0.1:1",
};

describe("npm start refuses to start", () => {
  it("without JWT_SECRET, DATABASE_URL and STORAGE_URL, even with NODE_ENV=development", {
    timeout: 60_000,
  }, async () => {
    const run = await start({ ...nothing, NODE_ENV: "development" });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      'npm start: JWT_SECRET, DATABASE_URL, STORAGE_URL are not set. In production the service needs JWT_SECRET (at least 32 characters), DATABASE_URL (PostgreSQL) and STORAGE_URL (S3-compatible storage): see "Run it in production" in README.md.',
    );
    expect(run.stdout).not.toContain("listening");
  });

  it("without STORAGE_URL alone", { timeout: 60_000 }, async () => {
    const run = await start({ ...nothing, ...unreachable, STORAGE_URL: "", JWT_SECRET: "x".repeat(32) });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("npm start: STORAGE_URL is not set. In production the service needs");
  });

  it("with a JWT_SECRET shorter than 32 characters", { timeout: 60_000 }, async () => {
    const run = await start({ ...unreachable, JWT_SECRET: "too-short" });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      "npm start: Configuration error: JWT_SECRET must be set to at least 32 characters in production.",
    );
    expect(run.stdout).not.toContain("listening");
  });
});

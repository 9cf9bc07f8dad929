/**
 * `npm run nutrition:import` as an operator runs it, in a process of its own (on PGlite in memory, or on
 * this test file's PostgreSQL database): a file imported, the reasons it stops with (exit 1) and its
 * usage (exit 2). That a second import changes nothing is test/core/nutrition/import.test.ts's.
 */
import { execFile } from "node:child_process";
import { rm } from "node:fs/promises";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { config } from "../../core/config.ts";
import { THREE_FOODS, tempDir, writeWorkbook } from "../core/nutrition/workbook.ts";

const root = resolve(import.meta.dirname, "../..");

let dir: string;
let workbook: string;

beforeAll(async () => {
  dir = await tempDir();
  workbook = await writeWorkbook(join(dir, "ABBREV.xlsx"), THREE_FOODS);
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The script with `args`, on this file's database; resolves with its exit code and output. */
function nutritionImport(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "development",
    DATA_DIR: dir,
    LOG_LEVEL: "silent",
    NUTRITION_TABLE: "",
    NUTRITION_TABLE_SHA256: "",
    // On PGlite: a database in memory, started from the run's migrated snapshot (test/global-setup.ts).
    ...(config.databaseUrl ? {} : { DATABASE_URL: "", PGLITE_DATA_DIR: "memory://" }),
  };
  return new Promise((done) => {
    execFile(
      process.execPath,
      ["--import", "tsx", "scripts/nutrition-import.ts", ...args],
      { cwd: root, env, timeout: 60_000 },
      (error, stdout, stderr) => done({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}

describe("npm run nutrition:import", () => {
  it("imports a file into the foods table, with its progress on stderr", { timeout: 60_000 }, async () => {
    const run = await nutritionImport(workbook);
    expect(run.stderr).toMatch(/\] importing .*ABBREV\.xlsx$/m);
    expect(run.stderr).toMatch(/\] 3 foods read$/m);
    expect(run.stdout).toMatch(
      new RegExp(`^Imported 3 foods from ${workbook} in [\\d.]+ s \\(\\d+ added or changed\\)\\.$`, "m"),
    );
    expect(run.code).toBe(0);
  });

  it("stops with the reason and exit code 1 when it cannot", { timeout: 60_000 }, async () => {
    const missing = await nutritionImport(join(dir, "missing.xlsx"));
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(`${join(dir, "missing.xlsx")}: there is no such file.`);
    const insecure = await nutritionImport(
      "--save-to",
      join(dir, "saved.zip"),
      "http://tables.example.org/sr28abxl.zip",
    );
    expect(insecure.code).toBe(1);
    expect(insecure.stderr).toContain("only https addresses are downloaded");
  });

  it("answers a wrong call with its usage and exit code 2", async () => {
    for (const args of [
      ["a.xlsx", "b.xlsx"],
      ["--sha256", "abc"],
      ["--save-to", join(dir, "x.zip"), workbook],
    ]) {
      const run = await nutritionImport(...args);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain("Usage: npm run nutrition:import --");
    }
  });
});

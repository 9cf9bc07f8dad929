/**
 * The foods table filled from USDA's SR28 file (core/nutrition/import.ts), in this file's database
 * (PGlite, or PostgreSQL with DATABASE_URL): the whole workbook in one transaction, batched; a second
 * run that changes nothing; a failure half-way that leaves the table as it was; and the start's
 * import, which never throws and says in one line what it did or why not.
 */
import { readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Db, getDb, transaction } from "../../../core/db.ts";
import {
  importFoods,
  importFoodsIfEmpty,
  importNutritionTable,
  type NutritionSettings,
} from "../../../core/nutrition/import.ts";
import type { Food } from "../../../core/nutrition/sr28.ts";
import { NutritionTableError } from "../../../core/nutrition/xlsx.ts";
import { ABBREV_XLSX, THREE_FOODS, tempDir, writeWorkbook } from "./workbook.ts";

let dir: string;
let threeFoods: string;

beforeAll(async () => {
  dir = await tempDir();
  threeFoods = await writeWorkbook(join(dir, "three.xlsx"), THREE_FOODS);
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Every food's row version (xmin): unchanged when nothing was written to it. */
async function versions(db: Db): Promise<Map<number, string>> {
  const result = await sql<{
    id: number;
    version: string;
  }>`select id, xmin::text as version from foods`.execute(db);
  return new Map(result.rows.map((r) => [r.id, r.version]));
}

const food = (id: number, name: string, energy: number | null = 100): Food => ({
  id,
  name,
  energy_kcal: energy,
  protein_g: 1,
  fat_g: null,
  saturated_fat_g: null,
  carbohydrate_g: null,
  sugars_g: null,
  fiber_g: null,
  salt_g: 0.5,
  measures: [{ description: "1 cup", grams: 120 }],
});

async function foodsWithIds(ids: readonly number[]) {
  return getDb().selectFrom("foods").selectAll().where("id", "in", ids).orderBy("id").execute();
}

describe("importing USDA's SR28 workbook", () => {
  it("imports its 8,790 foods in one transaction, and a second run changes nothing", {
    timeout: 60_000,
  }, async () => {
    const db = getDb();
    const progress: number[] = [];
    const started = performance.now();
    const first = await importNutritionTable(
      db,
      { source: ABBREV_XLSX },
      { onProgress: (n) => progress.push(n) },
    );
    const seconds = (performance.now() - started) / 1000;
    expect(first.count).toBe(8790);
    expect(progress).toEqual([1000, 2000, 3000, 4000, 5000, 6000, 7000, 8000, 8790]);
    expect(seconds).toBeLessThan(30);

    const [flour, butter, caraway] = await foodsWithIds([1001, 1008, 20081]).then((rows) => [
      rows.find((r) => r.id === 20081),
      rows.find((r) => r.id === 1001),
      rows.find((r) => r.id === 1008),
    ]);
    expect(flour).toMatchObject({
      name: "WHEAT FLR,WHITE,ALL-PURPOSE,ENR,BLEACHED",
      energy_kcal: 364,
      protein_g: 10.33,
      measures: [{ description: "1 cup", grams: 125 }],
    });
    expect(butter).toMatchObject({
      name: "BUTTER,WITH SALT",
      energy_kcal: 717,
      saturated_fat_g: 51.368,
      salt_g: 1.6075,
    });
    // Unknown stays unknown in the table too.
    expect(caraway?.sugars_g).toBeNull();

    const before = await versions(db);
    const second = await importNutritionTable(db, { source: ABBREV_XLSX });
    expect(second).toEqual({ count: 8790, changed: 0 });
    expect(await versions(db)).toEqual(before);
  });

  it("writes again only the foods the file changed", async () => {
    const db = getDb();
    await importFoods(db, [food(990_001, "KEPT"), food(990_002, "CHANGED LATER")]);
    const before = await versions(db);
    const result = await importFoods(db, [food(990_001, "KEPT"), food(990_002, "CHANGED NOW", 200)]);
    expect(result).toEqual({ count: 2, changed: 1 });
    const after = await versions(db);
    expect(after.get(990_001)).toBe(before.get(990_001));
    expect(after.get(990_002)).not.toBe(before.get(990_002));
    expect((await foodsWithIds([990_002]))[0]).toMatchObject({ name: "CHANGED NOW", energy_kcal: 200 });
  });
});

describe("a failure half-way", () => {
  const ids = Array.from({ length: 2500 }, (_, i) => 991_001 + i);

  it("leaves the table as it was when a row is refused, batches already sent included", async () => {
    const db = getDb();
    await importFoods(db, [food(995_000, "ORIGINAL")]);
    function* foods() {
      yield food(995_000, "OVERWRITTEN");
      for (const id of ids) yield food(id, `FOOD ${id}`);
      // The table refuses a negative value: in the third batch of 1,000.
      yield food(999_999, "BAD", -1);
    }
    await expect(importFoods(db, foods())).rejects.toThrow(/energy_kcal_check|check constraint/);
    expect(await foodsWithIds(ids)).toEqual([]);
    expect((await foodsWithIds([995_000]))[0]?.name).toBe("ORIGINAL");
  });

  it("leaves the table as it was when the file cannot be read on", async () => {
    async function* foods() {
      for (const id of ids.slice(0, 1500)) yield food(id, `FOOD ${id}`);
      throw new NutritionTableError("broken.xlsx: row 1502, column Energ_Kcal: 'x' is not a number.");
    }
    await expect(importFoods(getDb(), foods())).rejects.toThrow("broken.xlsx: row 1502");
    expect(await foodsWithIds(ids)).toEqual([]);
  });
});

class Rollback extends Error {}

/**
 * Runs `work` with the foods table empty, in a transaction rolled back after: what the start sees
 * on a new database, without emptying this file's table for the other tests.
 */
async function withEmptyFoods(work: (db: Db) => Promise<void>): Promise<void> {
  await transaction(getDb(), async (trx) => {
    await trx.deleteFrom("foods").execute();
    await work(trx);
    throw new Rollback();
  }).catch((error: unknown) => {
    if (!(error instanceof Rollback)) throw error;
  });
}

const settings = (source: string | undefined, sha256?: string): NutritionSettings => ({
  nutritionTable: { source, sha256 },
});

const count = async (db: Db) =>
  Number(
    (
      await db
        .selectFrom("foods")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** A fetch that answers with `body`, as an https server would. */
const serving =
  (body: Buffer): typeof fetch =>
  async () =>
    new Response(new Uint8Array(body), { status: 200, headers: { "content-length": String(body.length) } });

describe("the import at start (importFoodsIfEmpty)", () => {
  it("imports NUTRITION_TABLE's file into an empty table, and says so in one line", async () => {
    await withEmptyFoods(async (db) => {
      const lines: string[] = [];
      await importFoodsIfEmpty(db, settings(threeFoods), (line) => lines.push(line));
      expect(lines).toEqual([
        expect.stringMatching(/^nutrition: imported 3 foods from .*three\.xlsx in [\d.]+ s\.$/),
      ]);
      expect(await count(db)).toBe(3);

      // Not empty any more: nothing to do, nothing to say.
      await importFoodsIfEmpty(db, settings(threeFoods), (line) => lines.push(line));
      expect(lines).toHaveLength(1);
    });
  });

  it("leaves a table that holds foods alone", async () => {
    await importFoods(getDb(), [food(996_000, "PRESENT")]);
    const lines: string[] = [];
    await importFoodsIfEmpty(getDb(), settings("/nowhere/ABBREV.xlsx"), (line) => lines.push(line));
    expect(lines).toEqual([]);
  });

  it("says once that NUTRITION_TABLE is not set, and imports nothing", async () => {
    await withEmptyFoods(async (db) => {
      const lines: string[] = [];
      await importFoodsIfEmpty(db, settings(undefined), (line) => lines.push(line));
      expect(lines).toEqual([
        "nutrition: the foods table is empty and NUTRITION_TABLE is not set, so recipes show no nutrition (`npm run nutrition:import -- <file or address>` imports USDA's table).",
      ]);
      expect(await count(db)).toBe(0);
    });
  });

  it("never throws: no file, offline, an unpinned or bad file are one line each", async () => {
    const workbook = await readFile(threeFoods);
    const { createHash } = await import("node:crypto");
    const sha256 = createHash("sha256").update(workbook).digest("hex");
    const address = "https://tables.example.org/sr28abxl.zip";
    const offline: typeof fetch = async () => {
      throw new TypeError("fetch failed", { cause: new Error("getaddrinfo ENOTFOUND tables.example.org") });
    };
    const cases: [NutritionSettings, typeof fetch | undefined, RegExp][] = [
      [settings(join(dir, "missing.xlsx")), undefined, /missing\.xlsx: there is no such file\.$/],
      [
        settings(address),
        offline,
        /could not be fetched \(fetch failed: getaddrinfo ENOTFOUND tables\.example\.org\)\.$/,
      ],
      [settings(address), serving(workbook), new RegExp(`its SHA-256 ${sha256} is not pinned`)],
      [
        settings(address, "0".repeat(64)),
        serving(workbook),
        /its SHA-256 .* not the 0{64} NUTRITION_TABLE_SHA256 pins: refused\.$/,
      ],
      [
        settings(new URL("../../../package.json", import.meta.url).pathname),
        undefined,
        /not a readable zip file/,
      ],
    ];
    for (const [given, fetch, reason] of cases) {
      await withEmptyFoods(async (db) => {
        const lines: string[] = [];
        await importFoodsIfEmpty(db, given, (line) => lines.push(line), fetch ? { fetch } : {});
        expect(lines).toHaveLength(1);
        expect(lines[0]).toMatch(/^nutrition: the foods table stays empty, so recipes show no nutrition: /);
        expect(lines[0]).toMatch(reason);
        expect(await count(db)).toBe(0);
      });
    }
  });

  it("downloads an address whose SHA-256 is pinned, and imports it", async () => {
    const workbook = await readFile(threeFoods);
    const { createHash } = await import("node:crypto");
    const sha256 = createHash("sha256").update(workbook).digest("hex");
    await withEmptyFoods(async (db) => {
      const lines: string[] = [];
      await importFoodsIfEmpty(
        db,
        settings("https://tables.example.org/sr28abxl.zip", sha256),
        (l) => lines.push(l),
        {
          fetch: serving(workbook),
        },
      );
      expect(lines).toEqual([
        expect.stringMatching(/^nutrition: imported 3 foods from https:\/\/tables\.example\.org/),
      ]);
      expect(await count(db)).toBe(3);
    });
  });
});

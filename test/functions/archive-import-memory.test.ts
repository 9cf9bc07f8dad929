/**
 * POST /imports holds its memory within 256 MiB for the largest archive its limits let in
 * (IMPORT_LIMITS): 20,000 files, the manifest at its cap, data files of 48 MiB in all with one at the
 * 32 MiB cap, in the shapes that cost the most memory per byte (rows of two short fields), and two
 * pictures at the 16 MiB cap. The rows are of the kind an import reads, keeps to the end and then
 * leaves out (links to a category only an admin could create, meal plan entries of recipes the
 * archive does not hold), so the database does next to nothing and the test stays quick.
 *
 * Measured two ways, each against what it was just before the import, after a full garbage
 * collection: the process's peak resident memory (VmHWM, reset through /proc/self/clear_refs; `rss`
 * sampled every 5 ms elsewhere than Linux), and the JavaScript heap in use plus the buffers outside
 * it, sampled every 5 ms (the resident size alone understates: heap pages freed by the collection
 * stay resident and are used again). The import runs against a database whose memory is not the
 * process's (a PGlite with its files on disk, or a database of its own on the run's PostgreSQL), as
 * on Lambda, where the database is another machine.
 */
import { createHash, randomUUID } from "node:crypto";
import { createReadStream, createWriteStream, existsSync, readFileSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { PGlite, types as pgliteTypes } from "@electric-sql/pglite";
import { Kysely, PGliteDialect, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ARCHIVE_FORMAT, FORMAT_VERSION, IMPORT_LIMITS, SCOPE_TABLES } from "../../core/archive/format.ts";
import { importUpload } from "../../core/archive/import-service.ts";
import { configuredBucket, writeStream } from "../../core/archive/storage.ts";
import { ZipWriter } from "../../core/archive/zip.ts";
import type { Caller } from "../../core/auth/caller.ts";
import { config } from "../../core/config.ts";
import { type Database, type Db, migrateToLatest } from "../../core/db.ts";
import { type FreshDatabase, freshDatabase } from "../fixtures/archives/helpers.ts";

const MiB = 1024 ** 2;
const BUDGET = 256 * MiB;

/** A database whose pages live in files, not in this process's memory. */
async function databaseOutsideMemory(dir: string): Promise<FreshDatabase> {
  if (config.databaseUrl) return freshDatabase();
  const parsers = { [pgliteTypes.INT8]: Number, [pgliteTypes.NUMERIC]: Number };
  const db = new Kysely<Database>({
    dialect: new PGliteDialect({ pglite: new PGlite(join(dir, "pglite"), { parsers }) }),
  });
  await migrateToLatest(db);
  return { db, close: () => db.destroy() };
}

/** `count` rows of JSON, made by `row(i)`, in chunks of about 64 KiB. */
function* rowsJson(count: number, row: (i: number) => string): Generator<Buffer> {
  let text = "[";
  for (let i = 0; i < count; i++) {
    text += (i === 0 ? "" : ",") + row(i);
    if (text.length >= 64 * 1024) {
      yield Buffer.from(text);
      text = "";
    }
  }
  yield Buffer.from(`${text}]`);
}

/** How many rows of `row(i)` fill `bytes` (the rows' lengths vary a little: measured on a sample). */
function rowsFilling(bytes: number, row: (i: number) => string): number {
  let sample = 0;
  for (let i = 0; i < 1000; i++) sample += row(i).length + 1;
  return Math.floor((bytes - 2) / (sample / 1000)) - 1000;
}

/**
 * Writes the largest archive IMPORT_LIMITS allow, streamed to a file (the test holds none of it),
 * and returns the data files' total size.
 */
async function writeLargestArchive(path: string): Promise<{ dataBytes: number; files: number }> {
  const limits = IMPORT_LIMITS;
  const zip = new ZipWriter(createWriteStream(path));
  const files: Record<string, string> = {};
  let dataBytes = 0;
  const add = async (name: string, source: Iterable<Buffer>, store = false) => {
    const hash = createHash("sha256");
    let size = 0;
    await zip.add(name, source, {
      store,
      onData: (chunk) => {
        hash.update(chunk);
        size += chunk.length;
      },
    });
    files[name] = hash.digest("hex");
    return size;
  };
  // A varying number in every row, so the data compresses like real data rather than like a bomb.
  const spread = (i: number) => 2 + ((i * 2654435761) % 2147483645);
  const now = new Date().toISOString();
  const pictures = ["recipes/1/a.png", "recipes/1/b.png"];
  const small: Record<string, unknown[]> = {
    ...Object.fromEntries(SCOPE_TABLES.mine.map((t) => [t, []])),
    categories: [{ id: 7, name: `Only an admin makes this ${randomUUID()}` }],
    recipes: [{ id: 1, title: "Big", created_at: now, img: pictures[0], preview_img: pictures[1] }],
  };
  const links = (i: number) => `{"recipe_id":${spread(i)},"category_id":7}`;
  const entries = (i: number) =>
    `{"date":"2024-01-01","meal":"lunch","recipe_id":${spread(i)},"servings":null,"note":""}`;
  const big: Record<string, Iterable<Buffer>> = {
    recipe_categories: rowsJson(rowsFilling(limits.maxDataFileBytes, links), links),
    meal_plan_entries: rowsJson(
      rowsFilling(limits.maxDataBytes - limits.maxDataFileBytes - 64 * 1024, entries),
      entries,
    ),
  };
  for (const table of SCOPE_TABLES.mine) {
    dataBytes += await add(`data/${table}.json`, big[table] ?? [Buffer.from(JSON.stringify(small[table]))]);
  }
  // Two pictures at the cap: a PNG signature, then bytes that do not compress.
  for (const key of pictures) {
    const png = Buffer.alloc(limits.maxImageBytes);
    for (let at = 0; at < png.length; at += 4) png.writeUInt32LE((at * 2654435761) >>> 0, at);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(png);
    await add(`images/${key}`, [png], true);
  }
  // Then files up to the entry limit, with names as long as the manifest's cap leaves room for.
  const fillers = limits.maxEntries - Object.keys(files).length - 1;
  const nameLength = Math.floor(limits.maxManifestBytes / limits.maxEntries) - 80;
  for (let i = 0; i < fillers; i++) {
    const name = `images/filler/${String(i).padStart(6, "0")}-${"x".repeat(nameLength - 21)}`;
    await add(name, [Buffer.from([i & 0xff])], true);
  }
  const manifest = JSON.stringify({
    format: ARCHIVE_FORMAT,
    format_version: FORMAT_VERSION,
    service_version: "test",
    created_at: now,
    scope: "mine",
    counts: {},
    files,
  });
  expect(Buffer.byteLength(manifest)).toBeLessThanOrEqual(limits.maxManifestBytes);
  await zip.add("manifest.json", [Buffer.from(manifest)]);
  await zip.finish();
  return { dataBytes, files: Object.keys(files).length + 1 };
}

/** The kernel's peak resident size of this process, when it tells it (Linux), reset to the current size. */
const peakRss = {
  supported: existsSync("/proc/self/clear_refs"),
  reset: () => writeFileSync("/proc/self/clear_refs", "5"),
  read: () => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync("/proc/self/status", "utf8"))?.[1]) * 1024,
};

/** A full garbage collection, so that the import starts from what is really in use. */
function collectGarbage() {
  setFlagsFromString("--expose-gc");
  (runInNewContext("gc") as () => void)();
}

let dir: string;
let database: FreshDatabase;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "recipes-import-memory-"));
  database = await databaseOutsideMemory(dir);
});
afterAll(async () => {
  await database?.close();
  await rm(dir, { recursive: true, force: true });
});

describe("POST /imports memory", () => {
  it("stays under 256 MiB for the largest archive the limits allow", async () => {
    const db: Db = database.db;
    const user = await sql<{ id: number }>`
      insert into users (username, email, password_hash) values ('memory', 'memory@example.com', 'x')
      returning id`.execute(db);
    const caller: Caller = { id: user.rows[0]?.id as number, username: "memory", role: "user" };
    const file = join(dir, "largest.zip");
    const { dataBytes, files } = await writeLargestArchive(file);
    expect(files).toBe(IMPORT_LIMITS.maxEntries);
    expect(dataBytes).toBeGreaterThan(IMPORT_LIMITS.maxDataBytes - 256 * 1024);
    expect(dataBytes).toBeLessThanOrEqual(IMPORT_LIMITS.maxDataBytes);
    const key = `imports/${caller.id}/${randomUUID()}.zip`;
    const bucket = configuredBucket();
    await writeStream(bucket, key, createReadStream(file), "application/zip");

    collectGarbage();
    const before = process.memoryUsage();
    const inUse = (m: NodeJS.MemoryUsage) => m.heapUsed + m.arrayBuffers;
    let sampledRss = before.rss;
    let sampledInUse = inUse(before);
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      sampledRss = Math.max(sampledRss, now.rss);
      sampledInUse = Math.max(sampledInUse, inUse(now));
    }, 5);
    if (peakRss.supported) peakRss.reset();
    const base = peakRss.supported ? peakRss.read() : before.rss;
    let result: Awaited<ReturnType<typeof importUpload>>;
    try {
      result = await importUpload(db, key, caller, bucket);
    } finally {
      clearInterval(sampler);
    }
    const rssGrowth = (peakRss.supported ? peakRss.read() : sampledRss) - base;
    const inUseGrowth = sampledInUse - inUse(before);
    const mib = (n: number) => `${(n / MiB).toFixed(0)} MiB`;
    console.log(
      `import of the largest legal archive (${mib(dataBytes)} of data, ${files} files): ` +
        `peak RSS +${mib(rssGrowth)} (${peakRss.supported ? "VmHWM" : "sampled"}), ` +
        `heap used + buffers +${mib(inUseGrowth)} (sampled every 5 ms)`,
    );
    expect(result.counts).toMatchObject({ recipes: 1, pictures: 2, meal_plan_entries: 0 });
    expect(rssGrowth).toBeLessThan(BUDGET);
    expect(inUseGrowth).toBeLessThan(BUDGET);
  }, 300_000);
});

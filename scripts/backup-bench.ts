/**
 * `npm run backup:bench`: how long a whole-instance backup and restore take, and how large the
 * archive is, for BACKUP_BENCH_RECIPES (default 10,000) recipes with pictures.
 *
 * 1. A fresh instance: its own database (in-memory PGlite; with DATABASE_URL, the database
 *    `recipes_backup_bench`, dropped and recreated on that server) filled by the benchmark's
 *    set-based fill (scripts/lib/bench-fill.ts: 8 ingredient lines, 6 steps, 2 categories each), and
 *    its own embedded S3 server (files in a temporary directory) where every recipe gets a picture
 *    of its own: a JPEG original and its WebP preview, made once by the service's picture pipeline
 *    and written under distinct keys, as an upload would.
 * 2. The backup `npm run backup` makes (core/archive: dumpToArchive into an ArchiveWriter) to a file.
 * 3. The restore `npm run restore` makes (ArchiveReader + restoreArchive) into a second fresh
 *    database (`recipes_backup_bench_restore`) and a second bucket; every table's row count and
 *    one picture's bytes are compared with the source.
 * 4. Everything is dropped and deleted again; a table of sizes and times is printed.
 */
import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { buffer } from "node:stream/consumers";
import { PGlite, types as pgliteTypes } from "@electric-sql/pglite";
import { Kysely, PGliteDialect, PostgresDialect, sql } from "kysely";
import pg from "pg";
import sharp from "sharp";
// Types only: the core modules load after the environment is set, below.
import type { Bucket } from "../core/archive/storage.ts";
import type { Database, Db } from "../core/db.ts";
import { startEmbeddedS3, storageEnvironment } from "./lib/embedded-s3.ts";

const RECIPES = Number(process.env.BACKUP_BENCH_RECIPES ?? 10_000);
const SOURCE_DB = "recipes_backup_bench";
const RESTORE_DB = "recipes_backup_bench_restore";
const SOURCE_BUCKET = "backup-bench";
const RESTORE_BUCKET = "backup-bench-restore";
/** Picture writes in flight while the instance is filled. */
const UPLOADS_IN_FLIGHT = 8;

const started = performance.now();
const seconds = (since: number) => (performance.now() - since) / 1000;
const log = (line: string) => console.error(`[${seconds(started).toFixed(1)} s] ${line}`);
const serverUrl = process.env.DATABASE_URL;

type OwnDatabase = { db: Db; close: () => Promise<void> };

/** An empty database of this run: in-memory PGlite, or `name` dropped and recreated on DATABASE_URL's server. */
async function openDatabase(name: string): Promise<OwnDatabase> {
  if (!serverUrl) {
    const parsers = { [pgliteTypes.INT8]: Number, [pgliteTypes.NUMERIC]: Number };
    const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite: new PGlite({ parsers }) }) });
    return { db, close: () => db.destroy() };
  }
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  await admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  // No statement bound: one fill statement runs for minutes. Two connections: the fill's parallelism.
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  // `close` drops the database with (force): a connection still saying goodbye hears "terminating
  // connection due to administrator command" (on the client, and on the pool when it was idle).
  pool.on("connect", (client) => client.on("error", () => undefined));
  pool.on("error", () => undefined);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    close: async () => {
      await db.destroy();
      await admin(`drop database if exists ${name} with (force)`);
    },
  };
}

// The instance's storage: a private embedded S3 server, whose address the configuration must know
// before core/config.ts is first imported (dynamically, below).
const directory = await mkdtemp(join(tmpdir(), "backup-bench-"));
const s3 = await startEmbeddedS3({ port: 0, directory: join(directory, "s3"), bucket: SOURCE_BUCKET });
Object.assign(process.env, {
  NODE_ENV: "development",
  LOG_LEVEL: "silent",
  JWT_SECRET: randomBytes(48).toString("base64url"),
  DATA_DIR: directory,
  ...storageEnvironment(s3),
  PUBLIC_STORAGE_URL: `${s3.url}/${SOURCE_BUCKET}`,
  S3_BUCKET: SOURCE_BUCKET,
});
const { CreateBucketCommand } = await import("@aws-sdk/client-s3");
const { dumpToArchive } = await import("../core/archive/dump.ts");
const { ArchiveReader } = await import("../core/archive/reader.ts");
const { restoreArchive } = await import("../core/archive/restore.ts");
const { configuredBucket, readObject, writePicture } = await import("../core/archive/storage.ts");
const { ArchiveWriter } = await import("../core/archive/writer.ts");
const { ARCHIVE_TABLE_NAMES } = await import("../core/archive/format.ts");
const { migrateToLatest } = await import("../core/db.ts");
const { processPicture } = await import("../core/image/process.ts");
const { getStorage } = await import("../core/storage.ts");
const { fillBenchDatabase } = await import("./lib/bench-fill.ts");

/** Rows per archived table. */
async function tableCounts(db: Db): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of ARCHIVE_TABLE_NAMES) {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(db);
    counts[table] = rows[0]?.n ?? 0;
  }
  return counts;
}

/** One picture as an upload of an 800×600 photo (about 75 KB) would store it: the JPEG re-encoded, a 256 px WebP preview. */
async function makePicture() {
  const noise = await sharp({
    create: {
      width: 800,
      height: 600,
      channels: 3,
      background: "#b5651d",
      noise: { type: "gaussian", mean: 120, sigma: 40 },
    },
  })
    .png()
    .toBuffer();
  // Blurred noise: texture a JPEG encoder treats more like a photograph than like static.
  const photo = await sharp(noise).blur(2).jpeg({ quality: 95 }).toBuffer();
  return processPicture({ bytes: photo, format: "jpeg" });
}

/** Every recipe row names its own two objects, written to the bucket a few at a time. */
async function addPictures(db: Db, bucket: Bucket): Promise<{ original: number; preview: number }> {
  const picture = await makePicture();
  const base = (id: number) => `recipes/${id}/${picture.hash.slice(0, 32)}-bench${id}`;
  const { rows } = await sql<{ id: number }>`select id from recipes order by id`.execute(db);
  const queue = rows.map((r) => r.id);
  let done = 0;
  const worker = async () => {
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      await writePicture(bucket, `${base(id)}.jpg`, picture.original.bytes, picture.original.contentType);
      await writePicture(
        bucket,
        `${base(id)}-preview.webp`,
        picture.preview.bytes,
        picture.preview.contentType,
      );
      if (++done % 2000 === 0) log(`pictures of ${done} recipes written`);
    }
  };
  await Promise.all(Array.from({ length: UPLOADS_IN_FLIGHT }, worker));
  const prefix = `${bucket.publicUrl}/recipes/`;
  const stem = sql`${prefix} || id || '/' || ${picture.hash.slice(0, 32)} || '-bench' || id`;
  await sql`update recipes set img = ${stem} || '.jpg', preview_img = ${stem} || '-preview.webp'`.execute(db);
  return { original: picture.original.bytes.length, preview: picture.preview.bytes.length };
}

const MB = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(1)} MB`;
const loads = (averages: number[]) => averages.map((l) => l.toFixed(2)).join(" ");

/**
 * The progress lines of a backup or restore, remembering when the last table was done: the
 * pictures come after the tables, so what follows is the time the pictures took.
 */
function tracked() {
  let tablesDone = performance.now();
  return {
    onProgress: (line: string) => {
      if (!line.startsWith("pictures")) tablesDone = performance.now();
      log(line);
    },
    picturesTime: () => `pictures ${seconds(tablesDone).toFixed(1)} s`,
  };
}

const rows: [string, string, string][] = [];
let source: OwnDatabase | undefined;
let target: OwnDatabase | undefined;
let failed = false;
try {
  const load = loadavg();
  // ---- 1. The instance ----
  let mark = performance.now();
  source = await openDatabase(SOURCE_DB);
  await migrateToLatest(source.db);
  await fillBenchDatabase(source.db, RECIPES, log);
  const bucket = configuredBucket();
  const sizes = await addPictures(source.db, bucket);
  rows.push([
    "fill",
    `${seconds(mark).toFixed(1)} s`,
    `${RECIPES} recipes, ${2 * RECIPES} objects (JPEG ${(sizes.original / 1024).toFixed(0)} KB + WebP ${(sizes.preview / 1024).toFixed(0)} KB each)`,
  ]);
  log("instance filled");

  // ---- 2. Backup ----
  const file = join(directory, "backup.zip");
  mark = performance.now();
  const writer = new ArchiveWriter(createWriteStream(file));
  const backupProgress = tracked();
  const dumped = await dumpToArchive(source.db, bucket, writer, {
    scope: "all",
    onProgress: backupProgress.onProgress,
  });
  const { bytes } = await writer.finish("all", dumped);
  rows.push([
    "backup",
    `${seconds(mark).toFixed(1)} s`,
    `${MB(bytes)} archive, ${dumped.pictures} pictures (of the time: ${backupProgress.picturesTime()})`,
  ]);

  // ---- 3. Restore into a second database and bucket ----
  target = await openDatabase(RESTORE_DB);
  await getStorage().send(new CreateBucketCommand({ Bucket: RESTORE_BUCKET }));
  const restoreBucket: Bucket = {
    s3: getStorage(),
    name: RESTORE_BUCKET,
    publicUrl: `${s3.url}/${RESTORE_BUCKET}`,
  };
  mark = performance.now();
  await migrateToLatest(target.db);
  const reader = await ArchiveReader.open(file);
  const restoreProgress = tracked();
  const restored = await restoreArchive(target.db, restoreBucket, reader, {
    onProgress: restoreProgress.onProgress,
  }).finally(() => reader.close());
  rows.push([
    "restore",
    `${seconds(mark).toFixed(1)} s`,
    `${restored.recipes} recipes, ${restored.pictures} pictures (of the time: ${restoreProgress.picturesTime()})`,
  ]);

  // ---- Counts and one picture compared ----
  const [before, after] = [await tableCounts(source.db), await tableCounts(target.db)];
  const differing: string[] = ARCHIVE_TABLE_NAMES.filter(
    (t) => before[t] !== after[t] || dumped[t] !== restored[t],
  );
  if (dumped.pictures !== 2 * RECIPES || restored.pictures !== dumped.pictures) differing.push("pictures");
  const { rows: last } = await sql<{ img: string }>`select img from recipes order by id desc limit 1`.execute(
    target.db,
  );
  const key = last[0]?.img.slice(restoreBucket.publicUrl.length + 1) ?? "";
  const [kept, back] = [await readObject(bucket, key), await readObject(restoreBucket, key)];
  const pictureSame = (await buffer(kept)).equals(await buffer(back));
  rows.push([
    "check",
    "",
    differing.length === 0 && pictureSame
      ? `counts match (${after.recipes} recipes, ${after.recipe_ingredients} lines, ${after.recipe_steps} steps, ${restored.pictures} pictures); a picture's bytes match`
      : `MISMATCH in ${differing.join(", ") || "no counts"}; the picture's bytes ${pictureSame ? "match" : "differ"}`,
  ]);
  failed = differing.length > 0 || !pictureSame;
  rows.push(["load", "", `${loads(loadavg())} (1/5/15 min; at start ${loads(load)})`]);
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  await source?.close();
  await target?.close();
  await s3.close();
  await rm(directory, { recursive: true, force: true });
}

console.log(
  `\nBackup and restore, ${serverUrl ? `PostgreSQL ${SOURCE_DB}` : "PGlite (memory)"}, embedded S3`,
);
for (const [phase, time, what] of rows) console.log(`${phase.padEnd(9)}${time.padStart(10)}   ${what}`);
console.log(`${"total".padEnd(9)}${`${seconds(started).toFixed(1)} s`.padStart(10)}`);
process.exit(failed ? 1 : 0);

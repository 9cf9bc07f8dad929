/**
 * Fills the foods table from USDA's SR28 file (CONTRACT.md: nutrition): by hand with
 * `npm run nutrition:import`, or at start when the table is empty (importFoodsIfEmpty). One
 * transaction: a file that fails half-way leaves the table as it was. Idempotent: foods are upserted
 * by their NDB_No, and a food whose values are already those of the file is not written again.
 */
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { type Db, transaction } from "../db.ts";
import { matchNutrition } from "../ingredient/nutrition.ts";
import { refreshFoodNutrients } from "../ingredient/repository.ts";
import { jsonText } from "../json-text.ts";
import { checkPinned, type DownloadOptions, downloadTable, fileSha256, isAddress } from "./download.ts";
import { buildFoodNames } from "./match.ts";
import { SR28_OFFICIAL_URL } from "./official.ts";
import { type Food, readSr28, SR28_LIMITS, type Sr28Limits } from "./sr28.ts";
import { NUTRIENTS } from "./table.ts";
import { NutritionTableError } from "./xlsx.ts";

/** Rows per statement (one jsonb parameter of about 200 KB): SR28 is nine round trips. */
const BATCH_ROWS = 1000;

/** The columns written, in the order of the statement (id first). */
const COLUMNS = ["id", "name", ...NUTRIENTS, "measures"] as const;
/** Their types in the JSON rows (jsonb_to_recordset's column definition list). */
const RECORD = sql.raw(
  ["id integer", "name text", ...NUTRIENTS.map((n) => `${n} numeric`), "measures jsonb"].join(", "),
);
const list = (prefix?: string) =>
  sql.join(COLUMNS.slice(1).map((c) => (prefix ? sql.ref(`${prefix}.${c}`) : sql.ref(c))));

export type ImportResult = {
  /** Foods in the file. */
  count: number;
  /** Foods added, or whose values the file changed. */
  changed: number;
};

export type ImportOptions = {
  /** Called after every batch with the foods read so far (every 1,000). */
  onProgress?: (count: number) => void;
  /** Rows per statement. */
  batchRows?: number;
};

/**
 * Upserts `foods` into the foods table in one transaction (joined when one is open), then, in it,
 * gives every ingredient with a food of the table that food's values and matches every ingredient
 * without nutrition (core/ingredient/nutrition.ts); returns how many foods there were and how many
 * were written. The first failure (a row the table refuses, a file that
 * cannot be read on) rolls everything back.
 */
export async function importFoods(
  db: Db,
  foods: AsyncIterable<Food> | Iterable<Food>,
  options: ImportOptions = {},
): Promise<ImportResult> {
  const batchRows = options.batchRows ?? BATCH_ROWS;
  return transaction(db, async (trx) => {
    let count = 0;
    let changed = 0;
    let batch: Food[] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      changed += await upsertFoods(trx, batch);
      count += batch.length;
      batch = [];
      options.onProgress?.(count);
    };
    for await (const food of foods) {
      batch.push(food);
      if (batch.length >= batchRows) await flush();
    }
    await flush();
    await buildFoodNames(trx);
    // The ingredients follow the table: a food's new values, and a match for those without one.
    await refreshFoodNutrients(trx);
    await matchNutrition(trx, "unmatched");
    return { count, changed };
  });
}

/** One statement: the batch as one jsonb parameter; returns the rows inserted or changed. */
async function upsertFoods(db: Db, foods: readonly Food[]): Promise<number> {
  const rows = foods.map((food) => Object.fromEntries(COLUMNS.map((c) => [c, food[c]])));
  const result = await sql<{ id: number }>`
    insert into foods (${sql.ref("id")}, ${list()})
    select ${sql.ref("id")}, ${list()} from jsonb_to_recordset(${jsonText(rows)}::jsonb) as r(${RECORD})
    on conflict (id) do update set ${sql.join(
      COLUMNS.slice(1).map((c) => sql`${sql.ref(c)} = ${sql.ref(`excluded.${c}`)}`),
    )}
    where (${list("foods")}) is distinct from (${list("excluded")})
    returning id`.execute(db);
  return result.rows.length;
}

export type TableSource = {
  /** A path, or an https address to download. */
  source: string;
  /** The SHA-256 the file must have (NUTRITION_TABLE_SHA256); required of a download unless pinned. */
  sha256?: string | undefined;
};

export type TableOptions = ImportOptions & {
  limits?: Sr28Limits;
  fetch?: DownloadOptions["fetch"];
  /** Called once the file is downloaded, with its SHA-256. */
  onDownloaded?: (sha256: string) => void;
};

/**
 * Imports the SR28 table named by a path or an address (downloaded into a temporary folder, checked
 * against its pinned SHA-256, and deleted after). Throws a NutritionTableError saying why it cannot.
 */
export async function importNutritionTable(
  db: Db,
  table: TableSource,
  options: TableOptions = {},
): Promise<ImportResult> {
  const limits = options.limits ?? SR28_LIMITS;
  if (!isAddress(table.source)) {
    const found = await stat(table.source).catch(() => undefined);
    if (!found?.isFile()) throw new NutritionTableError(`${table.source}: there is no such file.`);
    if (table.sha256 !== undefined) checkPinned(table.source, await fileSha256(table.source), table.sha256);
    return importFoods(db, readSr28(table.source, limits), options);
  }
  const folder = await mkdtemp(join(tmpdir(), "nutrition-"));
  try {
    // Named as the address names it, for the messages (the reader goes by the contents).
    const name = (new URL(table.source).pathname.split("/").pop() ?? "").replace(/[^\w.-]/g, "_");
    const file = join(folder, /^[\w-][\w.-]*$/.test(name) ? name : "table");
    const sha256 = await downloadTable(table.source, file, {
      sha256: table.sha256,
      maxBytes: limits.maxWorkbookBytes,
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
    options.onDownloaded?.(sha256);
    return await importFoods(db, readSr28(file, limits), options);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** What importFoodsIfEmpty reads of the configuration (core/config.ts). */
export type NutritionSettings = {
  nutritionTable: { source: string | undefined; sha256: string | undefined };
};

/**
 * At start (scripts/dev.ts, scripts/start.ts), after the migrations: when the foods table is empty
 * and NUTRITION_TABLE names a table, imports it. Never throws: a service without the table runs as
 * before (recipes show no nutrition), so what happened is one line of `log`: imported, or why not
 * (not configured, no file, offline, a file that is not the table).
 */
export async function importFoodsIfEmpty(
  db: Db,
  settings: NutritionSettings,
  log: (line: string) => void,
  options: Pick<TableOptions, "fetch" | "limits"> = {},
): Promise<void> {
  const { source, sha256 } = settings.nutritionTable;
  const started = performance.now();
  try {
    const any = await db.selectFrom("foods").select("id").limit(1).executeTakeFirst();
    if (any) return;
    if (!source) {
      log(
        "nutrition: the foods table is empty and NUTRITION_TABLE is not set, so recipes show no nutrition " +
          "(`npm run nutrition:import -- <file or address>` imports USDA's table).",
      );
      return;
    }
    if (source === SR28_OFFICIAL_URL && !sha256) {
      // official.ts pins no hash of the zip yet: downloading it would end in a refusal at every start.
      log(
        `nutrition: the foods table is empty, so recipes show no nutrition: USDA's official file (${source}) ` +
          "has no SHA-256 pinned yet; download it, check it and set NUTRITION_TABLE_SHA256, or set " +
          "NUTRITION_TABLE to a file.",
      );
      return;
    }
    const { count } = await importNutritionTable(db, { source, sha256 }, options);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    log(`nutrition: imported ${count} foods from ${source} in ${seconds} s.`);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    log(`nutrition: the foods table stays empty, so recipes show no nutrition: ${reason}`);
  }
}

/**
 * `npm run nutrition:import -- [<file or address>] [--sha256 <hex>]`: imports USDA's SR28 abbreviated
 * table (the official `sr28abxl.zip`, or the `ABBREV.xlsx` it holds) into the foods table of the
 * configured database, migrated first. Without an argument: NUTRITION_TABLE, else USDA's official
 * address (core/nutrition/official.ts). An address is downloaded and must have the pinned SHA-256:
 * `--sha256` or NUTRITION_TABLE_SHA256 when given, else one that official.ts pins. Running it again
 * changes nothing unless the file did.
 *
 * `npm run nutrition:import -- --save-to <file> [<address>] [--sha256 <hex>]` only downloads and
 * checks the file, without a database: the container image's build keeps the table this way, and
 * the service imports it at its first start (Dockerfile).
 */
import { existsSync } from "node:fs";
import { parseArgs } from "node:util";

const usage =
  "Usage: npm run nutrition:import -- [<file or address>] [--sha256 <hex>]\n" +
  "       npm run nutrition:import -- --save-to <file> [<address>] [--sha256 <hex>]";

/** The arguments, or the usage on stderr and exit code 2. */
function readArguments() {
  try {
    const { values, positionals } = parseArgs({
      allowPositionals: true,
      options: { sha256: { type: "string" }, "save-to": { type: "string" }, help: { type: "boolean" } },
    });
    if (values.help) {
      console.log(usage);
      process.exit(0);
    }
    if (positionals.length > 1) throw new Error("Give one file or address.");
    if (values.sha256 !== undefined && !/^[0-9a-f]{64}$/i.test(values.sha256)) {
      throw new Error("--sha256 takes a SHA-256 in hex (64 characters).");
    }
    return { values, positionals };
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : error}\n${usage}`);
    process.exit(2);
  }
}
const { values, positionals } = readArguments();

const started = performance.now();
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
/** Progress on stderr, as the other operator scripts write it. */
const progress = (line: string) => console.error(`[${elapsed()}] ${line}`);
const sha256Of = (given: string | undefined) => (given ? given.toLowerCase() : undefined);

if (values["save-to"] !== undefined) {
  // No configuration read and no database opened: an image's build has neither.
  const { SR28_OFFICIAL_URL } = await import("../core/nutrition/official.ts");
  const { downloadTable, isAddress } = await import("../core/nutrition/download.ts");
  const address = positionals[0] ?? SR28_OFFICIAL_URL;
  if (!isAddress(address)) {
    console.error(`--save-to downloads an address; '${address}' is not one.\n${usage}`);
    process.exit(2);
  }
  try {
    const sha256 = await downloadTable(address, values["save-to"], { sha256: sha256Of(values.sha256) });
    console.log(`Saved ${address} to ${values["save-to"]} (SHA-256 ${sha256}) in ${elapsed()}.`);
    process.exit(0);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

const { config } = await import("../core/config.ts");
const { SR28_OFFICIAL_URL } = await import("../core/nutrition/official.ts");
const { importNutritionTable } = await import("../core/nutrition/import.ts");
const { isAddress } = await import("../core/nutrition/download.ts");
const { closeDb, getDb, migrateToLatest } = await import("../core/db.ts");

const source = positionals[0] ?? config.nutritionTable.source ?? SR28_OFFICIAL_URL;
// The hash given here, else NUTRITION_TABLE_SHA256 when the file is NUTRITION_TABLE's.
const sha256 =
  sha256Of(values.sha256) ??
  (positionals[0] === undefined || positionals[0] === config.nutritionTable.source
    ? config.nutritionTable.sha256
    : undefined);

// A mistyped path is said at once, before a database is opened (or a PGlite directory made).
if (!isAddress(source) && !existsSync(source)) {
  console.error(`${source}: there is no such file.`);
  process.exit(1);
}

let failed = false;
try {
  const db = getDb();
  await migrateToLatest(db);
  progress(`importing ${source}`);
  const { count, changed } = await importNutritionTable(
    db,
    { source, sha256 },
    {
      onDownloaded: (hash) => progress(`downloaded, SHA-256 ${hash}`),
      onProgress: (n) => progress(`${n} foods read`),
    },
  );
  console.log(`Imported ${count} foods from ${source} in ${elapsed()} (${changed} added or changed).`);
} catch (error) {
  failed = true;
  console.error(error instanceof Error ? error.message : error);
} finally {
  await closeDb();
}
process.exit(failed ? 1 : 0);

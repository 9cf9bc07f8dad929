/**
 * The archive format: one zip holding `manifest.json`, `data/<table>.json` (every row of a table,
 * columns as stored, ids included) and `images/<key>` (the stored picture objects, byte for byte).
 * The format is versioned; `upgrade.ts` brings an older archive up to this version on read.
 */
import * as z from "zod/mini";

/** Written into every manifest so that a zip of something else is recognised as foreign. */
export const ARCHIVE_FORMAT = "recipe-service-archive";

/** Bumped whenever an archive written now would need changing to be read by an older reader. */
export const FORMAT_VERSION = 8;

/**
 * The tables an archive carries, parents before children (the order rows are restored in).
 * Adding a table is one line here; `pictures` marks tables whose `img` / `preview_img` hold
 * object keys in the archive (public URLs in the database).
 * Not archived: throttle counters, sessions, API tokens and calendar links (secrets kept as hashes:
 * people make new ones after a restore), the pending storage cleanups, household invitations and the
 * live connections with their subscriptions (transient by nature), and the stores' learned orders
 * (`learned_orders`, `learned_order_items`: computed from `store_ticks`, again on a store's first read).
 */
export const ARCHIVE_TABLES = [
  { name: "users", pictures: true },
  { name: "households", pictures: false },
  { name: "household_members", pictures: false },
  { name: "categories", pictures: true },
  { name: "recipes", pictures: true },
  { name: "ingredients", pictures: true },
  { name: "ingredient_names", pictures: false },
  { name: "recipe_ingredients", pictures: false },
  { name: "recipe_steps", pictures: false },
  { name: "recipe_categories", pictures: false },
  { name: "recipe_revisions", pictures: false },
  { name: "stores", pictures: false },
  { name: "shelves", pictures: false },
  { name: "shelf_ingredients", pictures: false },
  { name: "shopping_lists", pictures: false },
  { name: "shopping_list_items", pictures: false },
  { name: "shopping_list_item_parts", pictures: false },
  { name: "shopping_list_recipes", pictures: false },
  { name: "meal_plan_entries", pictures: false },
  { name: "favourites", pictures: false },
  { name: "ratings", pictures: false },
  { name: "cooked", pictures: false },
  { name: "store_ticks", pictures: false },
] as const satisfies readonly { name: string; pictures: boolean }[];

export type ArchiveTable = (typeof ARCHIVE_TABLES)[number]["name"];

export const ARCHIVE_TABLE_NAMES: readonly ArchiveTable[] = ARCHIVE_TABLES.map((t) => t.name);

/** The picture columns of the tables marked `pictures`. */
export const PICTURE_COLUMNS = ["img", "preview_img"] as const;

/** `mine`: one user's content; `all`: the whole instance (users included, for operators). */
export const ArchiveScope = z.enum(["mine", "all"]);
export type ArchiveScope = z.infer<typeof ArchiveScope>;

/**
 * Tables only a whole instance's archive holds: accounts, the households that group them, and what
 * people keep about recipes (favourites, ratings, the cooked log): those point at recipes of anyone
 * and at households, which a user's archive does not hold, and an import into another account could
 * not give them a meaning there.
 */
const INSTANCE_TABLES = [
  "users",
  "households",
  "household_members",
  "favourites",
  "ratings",
  "cooked",
  // A store's ticks: every shopper's, on lists of anyone (the store's learned walking order).
  "store_ticks",
] as const;

/** The tables a user's own (`mine`) archive holds. */
export type MineTable = Exclude<ArchiveTable, (typeof INSTANCE_TABLES)[number]>;

const isMineTable = (table: ArchiveTable): table is MineTable =>
  !(INSTANCE_TABLES as readonly string[]).includes(table);

/** The tables an archive of each scope must hold (a `mine` archive has no users and no households). */
export const SCOPE_TABLES: { all: readonly ArchiveTable[]; mine: readonly MineTable[] } = {
  all: ARCHIVE_TABLE_NAMES,
  mine: ARCHIVE_TABLE_NAMES.filter(isMineTable),
};

export const MANIFEST_PATH = "manifest.json";
export const DATA_DIR = "data/";
export const dataPath = (table: string): string => `${DATA_DIR}${table}.json`;
export const IMAGES_DIR = "images/";
export const imagePath = (key: string): string => `${IMAGES_DIR}${key}`;

const Sha256 = z.string().check(z.regex(/^[0-9a-f]{64}$/));

/** Only what a reader needs to recognise and version an archive, checked before anything else. */
export const ManifestHeader = z.object({
  format: z.string(),
  format_version: z.number().check(z.int(), z.gte(1)),
});

export const Manifest = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  format_version: z.number().check(z.int(), z.gte(1)),
  service_version: z.string(),
  created_at: z.string(),
  scope: ArchiveScope,
  /** Rows per table, plus `pictures`: the number of picture objects. */
  counts: z.record(z.string(), z.number().check(z.int(), z.gte(0))),
  /** The SHA-256 (hex) of every other file in the zip, by path. */
  files: z.record(z.string(), Sha256),
});
export type Manifest = z.infer<typeof Manifest>;

/**
 * What a reader accepts before it reads a byte of data (zip bombs, runaway archives), and the
 * bounds of what it then holds in memory. Entry counts and sizes come from the zip's central
 * directory and are checked before any entry is inflated.
 */
export type ReadLimits = {
  /** Entries in the zip (files and folders), from the directory's end record. */
  maxEntries: number;
  /** The sum of every entry's uncompressed size. */
  maxTotalBytes: number;
  /** One data file: `data/<table>.json`, or a JSON file or Paprika recipe of another program. */
  maxDataFileBytes: number;
  /** Every `data/` file together: an import holds the checked rows of all its tables at once. */
  maxDataBytes: number;
  /** One row (one element of a `data/<table>.json` list), read whole before it is checked. */
  maxRowBytes: number;
  /** One picture object (uploads are at most 5 MB; a preview is smaller). */
  maxImageBytes: number;
  /** `manifest.json`, parsed whole. */
  maxManifestBytes: number;
  /** One entry's name in UTF-8 bytes. */
  maxNameBytes: number;
  /** Uncompressed / compressed size of one entry over 1 MiB: JSON compresses ~10×, a bomb 1000× and more. */
  maxCompressionRatio: number;
};

const MiB = 1024 ** 2;
const GiB = 1024 ** 3;
/** S3 keys are at most 1,024 bytes; a picture's entry is `images/<key>`. */
const MAX_NAME_BYTES = IMAGES_DIR.length + 1024;

/**
 * A user's upload to `POST /imports` (this service's archive, or another program's export), read in
 * a Lambda of 1 GB; its peak memory stays under 256 MiB for any upload within these limits:
 * - rows are streamed one at a time and only their checked form is kept, at most 2.1 times the
 *   JSON's bytes (rows of two small numbers; rows of text 1.1-1.6 times): 48 MiB of data files,
 *   every table held at once, keep at most ~100 MiB;
 * - one picture in flight, read into one buffer of at most 16 MiB and handed to storage;
 * - the zip's directory and the parsed manifest: 20,000 entries, manifest at most 8 MiB, ~25 MiB.
 * test/functions/archive-import-memory.test.ts imports the largest such archive: +141-164 MiB of heap and
 * buffers, +72 MiB resident (before streaming: +331 MiB and +254 MiB). Another program's JSON file
 * (up to the data file cap) is parsed whole, about 2.8 times its size; a Paprika recipe, 16 MiB.
 * 20,000 files: a picture and its preview for 10,000 recipes, or Nextcloud Cookbook's four files for
 * 5,000; the 200 MB upload itself carries about 1,000-2,000 pictured recipes. 48 MiB of data is about
 * 12,000 recipes of 4 KB each (a row, ten ingredient lines, eight steps); 32 MiB, the recipe steps of
 * 13,000.
 */
export const IMPORT_LIMITS: ReadLimits = {
  maxEntries: 20_000,
  maxTotalBytes: 1 * GiB,
  maxDataFileBytes: 32 * MiB,
  maxDataBytes: 48 * MiB,
  maxRowBytes: 1 * MiB,
  maxImageBytes: 16 * MiB,
  maxManifestBytes: 8 * MiB,
  maxNameBytes: MAX_NAME_BYTES,
  maxCompressionRatio: 200,
};

/**
 * The operator's `npm run restore` of a whole instance, on a machine the operator sizes: larger,
 * since one instance holds many households. The restore keeps one table's rows at a time.
 */
export const RESTORE_LIMITS: ReadLimits = {
  maxEntries: 500_000,
  maxTotalBytes: 8 * GiB,
  maxDataFileBytes: 256 * MiB,
  maxDataBytes: 8 * GiB,
  maxRowBytes: 16 * MiB,
  maxImageBytes: 16 * MiB,
  maxManifestBytes: 64 * MiB,
  maxNameBytes: MAX_NAME_BYTES,
  maxCompressionRatio: 200,
};

/** An archive upload, as the signed PUT link allows it. */
export const MAX_UPLOAD_BYTES = 200 * 1024 ** 2;

/**
 * A plain relative path in a zip: no leading slash, no `..` or `.` segment, no backslash, no empty
 * segment (a directory's trailing slash aside). What the reader accepts and the writer writes.
 */
export function isSafeEntryName(name: string): boolean {
  if (name.startsWith("/") || name.includes("\\") || name.includes("\u0000")) return false;
  if (/^[a-zA-Z]:/.test(name)) return false;
  const segments = name.replace(/\/$/, "").split("/");
  return segments.every((s) => s !== "" && s !== "." && s !== "..");
}

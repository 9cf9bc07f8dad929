/**
 * The archive format: one zip holding `manifest.json`, `data/<table>.json` (every row of a table,
 * columns as stored, ids included) and `images/<key>` (the stored picture objects, byte for byte).
 * The format is versioned; `upgrade.ts` brings an older archive up to this version on read.
 */
import * as z from "zod/mini";

/** Written into every manifest so that a zip of something else is recognised as foreign. */
export const ARCHIVE_FORMAT = "recipe-service-archive";

/** Bumped whenever an archive written now would need changing to be read by an older reader. */
export const FORMAT_VERSION = 2;

/**
 * The tables an archive carries, parents before children (the order rows are restored in).
 * Adding a table is one line here; `pictures` marks tables whose `img` / `preview_img` hold
 * object keys in the archive (public URLs in the database).
 * Not archived: throttle counters and the pending storage cleanups (transient by nature).
 */
export const ARCHIVE_TABLES = [
  { name: "users", pictures: true },
  { name: "categories", pictures: true },
  { name: "recipes", pictures: true },
  { name: "ingredients", pictures: true },
  { name: "recipe_ingredients", pictures: false },
  { name: "recipe_steps", pictures: false },
  { name: "recipe_categories", pictures: false },
  { name: "stores", pictures: false },
  { name: "shelves", pictures: false },
  { name: "shelf_ingredients", pictures: false },
  { name: "shopping_lists", pictures: false },
  { name: "shopping_list_items", pictures: false },
  { name: "shopping_list_item_parts", pictures: false },
  { name: "shopping_list_recipes", pictures: false },
  { name: "meal_plan_entries", pictures: false },
] as const satisfies readonly { name: string; pictures: boolean }[];

export type ArchiveTable = (typeof ARCHIVE_TABLES)[number]["name"];

export const ARCHIVE_TABLE_NAMES: readonly ArchiveTable[] = ARCHIVE_TABLES.map((t) => t.name);

/** The picture columns of the tables marked `pictures`. */
export const PICTURE_COLUMNS = ["img", "preview_img"] as const;

/** `mine`: one user's content; `all`: the whole instance (users included, for operators). */
export const ArchiveScope = z.enum(["mine", "all"]);
export type ArchiveScope = z.infer<typeof ArchiveScope>;

/** The tables an archive of each scope must hold (a `mine` archive has no users). */
export const SCOPE_TABLES: Record<ArchiveScope, readonly ArchiveTable[]> = {
  all: ARCHIVE_TABLE_NAMES,
  mine: ARCHIVE_TABLE_NAMES.filter((t) => t !== "users"),
};

export const MANIFEST_PATH = "manifest.json";
export const dataPath = (table: string): string => `data/${table}.json`;
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

/** What a reader accepts before it reads a byte of data: guards against zip bombs and runaway archives. */
export const READ_LIMITS = {
  /** Entries in the zip (files and folders). */
  maxEntries: 500_000,
  /** The sum of every entry's uncompressed size. */
  maxTotalBytes: 8 * 1024 ** 3,
  /** One `data/<table>.json`, parsed in memory. */
  maxDataFileBytes: 256 * 1024 ** 2,
  /** One picture object (uploads are at most 5 MB; a preview is smaller). */
  maxImageBytes: 16 * 1024 ** 2,
  /** `manifest.json`. */
  maxManifestBytes: 64 * 1024 ** 2,
  /** Uncompressed / compressed size of one entry: JSON compresses ~10×, a bomb 1000× and more. */
  maxCompressionRatio: 200,
} as const;
export type ReadLimits = typeof READ_LIMITS;

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

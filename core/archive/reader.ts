/**
 * Reads an archive from a local file, trusting nothing in it: the zip's own directory is checked
 * against size limits before a byte is inflated (zip bombs), every name must be a plain relative
 * path, every file must carry the SHA-256 the manifest gives it, the manifest must be this
 * service's format and not newer than this reader, and an older format is upgraded on read.
 * Every problem is a 422 (`Invalid`) whose sentence names it.
 */
import { createHash } from "node:crypto";
import type { Readable } from "node:stream";
import yauzl from "yauzl";
import { AppError, Invalid } from "../errors.ts";
import {
  ARCHIVE_FORMAT,
  type ArchiveTable,
  DATA_DIR,
  dataPath,
  FORMAT_VERSION,
  IMAGES_DIR,
  imagePath,
  isSafeEntryName,
  MANIFEST_PATH,
  Manifest,
  ManifestHeader,
  RESTORE_LIMITS,
  type ReadLimits,
  SCOPE_TABLES,
} from "./format.ts";
import { JsonRowsError, jsonArrayObjects } from "./json-rows.ts";
import { rowUpgrade, upgradeAddsTable, upgradeManifest } from "./upgrade.ts";

export type Row = Record<string, unknown>;

/** 422 with the reason, in one wording: `The archive is invalid: <reason>` */
export const archiveInvalid = (reason: string) => Invalid(`The archive is invalid: ${reason}`);

/** yauzl's own errors, in the archive's words. */
export function zipError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (/invalid relative path|absolute path|invalid characters in fileName/i.test(message)) {
    return archiveInvalid(`it holds an unsafe file path (${message.replace(/^.*?: /, "")}).`);
  }
  if (/too many bytes|not enough bytes|expected .* bytes/i.test(message)) {
    return archiveInvalid(`a file's size differs from what the zip directory says (${message}).`);
  }
  return archiveInvalid(`it is not a readable zip file (${message}).`);
}

/** The largest size an entry of this name may unpack to. */
export type EntryLimit = (name: string, limits: ReadLimits) => number;

/**
 * The zip's files by name (folders left out), each checked against the limits before a byte is
 * inflated: entry count (from the directory's end record, before any entry is read), total and
 * per-file size, name length, compression ratio, safe names, no duplicates.
 */
export async function listEntries(
  zip: yauzl.ZipFile,
  limits: ReadLimits,
  limitOf: EntryLimit = limitFor,
): Promise<Map<string, yauzl.Entry>> {
  if (zip.entryCount > limits.maxEntries) {
    throw archiveInvalid(`it holds ${zip.entryCount} files, more than the limit of ${limits.maxEntries}.`);
  }
  const entries = new Map<string, yauzl.Entry>();
  let total = 0;
  await new Promise<void>((resolve, reject) => {
    zip.on("entry", (entry: yauzl.Entry) => {
      try {
        checkEntry(entry, limits, limitOf);
        total += entry.uncompressedSize;
        if (total > limits.maxTotalBytes) {
          throw archiveInvalid(`it unpacks to more than ${limits.maxTotalBytes} bytes.`);
        }
        if (entries.has(entry.fileName)) throw archiveInvalid(`the file '${entry.fileName}' appears twice.`);
        if (!entry.fileName.endsWith("/")) entries.set(entry.fileName, entry);
        zip.readEntry();
      } catch (error) {
        reject(error);
      }
    });
    zip.on("end", () => resolve());
    zip.on("error", (error) => reject(zipError(error)));
    zip.readEntry();
  });
  return entries;
}

function limitFor(name: string, limits: ReadLimits): number {
  if (name === MANIFEST_PATH) return limits.maxManifestBytes;
  if (name.startsWith(IMAGES_DIR)) return limits.maxImageBytes;
  return limits.maxDataFileBytes;
}

function checkEntry(entry: yauzl.Entry, limits: ReadLimits, limitOf: EntryLimit): void {
  const name = entry.fileName;
  if (entry.fileNameLength > limits.maxNameBytes) {
    throw archiveInvalid(`it holds a file name longer than ${limits.maxNameBytes} bytes.`);
  }
  if (!isSafeEntryName(name)) throw archiveInvalid(`it holds an unsafe file path '${name}'.`);
  if (entry.isEncrypted()) throw archiveInvalid(`the file '${name}' is encrypted.`);
  const limit = limitOf(name, limits);
  if (entry.uncompressedSize > limit) {
    throw archiveInvalid(
      `the file '${name}' unpacks to ${entry.uncompressedSize} bytes, more than ${limit}.`,
    );
  }
  // Small files (`[]`, a short manifest) legitimately compress far; a bomb is big and compresses further.
  if (
    entry.uncompressedSize > 1024 * 1024 &&
    entry.uncompressedSize > entry.compressedSize * limits.maxCompressionRatio
  ) {
    throw archiveInvalid(
      `the file '${name}' unpacks ${Math.round(entry.uncompressedSize / Math.max(entry.compressedSize, 1))} times its packed size (a zip bomb?).`,
    );
  }
}

export function openZip(path: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(
      path,
      {
        lazyEntries: true,
        autoClose: false,
        validateEntrySizes: true,
        strictFileNames: true,
        decodeStrings: true,
      },
      (error, zip) => (error ? reject(zipError(error)) : resolve(zip)),
    );
  });
}

export class ArchiveReader {
  private constructor(
    private readonly zip: yauzl.ZipFile,
    private readonly entries: Map<string, yauzl.Entry>,
    private readonly limits: ReadLimits,
    /** The manifest, upgraded to the current format. */
    readonly manifest: Manifest,
    /** The format version the archive was written in. */
    readonly writtenVersion: number,
  ) {}

  /**
   * Opens and checks an archive file: structure, limits, manifest, tables present, files listed.
   * The limits are the operator's restore's unless given (`POST /imports` gives IMPORT_LIMITS).
   */
  static async open(path: string, limits: ReadLimits = RESTORE_LIMITS): Promise<ArchiveReader> {
    const zip = await openZip(path);
    try {
      const entries = await listEntries(zip, limits);
      let data = 0;
      for (const [name, entry] of entries) if (name.startsWith(DATA_DIR)) data += entry.uncompressedSize;
      if (data > limits.maxDataBytes) {
        throw archiveInvalid(`its data files unpack to ${data} bytes, more than ${limits.maxDataBytes}.`);
      }
      const manifestEntry = entries.get(MANIFEST_PATH);
      if (!manifestEntry)
        throw archiveInvalid("it has no manifest.json, so it is not an archive of this service.");
      const text = (await readEntry(zip, manifestEntry, undefined)).toString("utf8");
      let raw: unknown;
      try {
        raw = JSON.parse(text);
      } catch {
        throw archiveInvalid("its manifest.json is not valid JSON.");
      }
      const header = ManifestHeader.safeParse(raw);
      if (!header.success || header.data.format !== ARCHIVE_FORMAT) {
        throw archiveInvalid(`its manifest does not name the format '${ARCHIVE_FORMAT}'.`);
      }
      const version = header.data.format_version;
      if (version > FORMAT_VERSION) {
        throw archiveInvalid(
          `it is in format version ${version}, newer than this service reads (${FORMAT_VERSION}); upgrade the service first.`,
        );
      }
      const parsed = Manifest.safeParse(upgradeManifest(raw as Row, version));
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw archiveInvalid(`its manifest is invalid at '${issue?.path.join(".") ?? ""}'.`);
      }
      const manifest = parsed.data;
      checkListing(manifest, entries, version);
      return new ArchiveReader(zip, entries, limits, manifest, version);
    } catch (error) {
      zip.close();
      throw zipError(error);
    }
  }

  /** Reads every listed file once and compares its SHA-256: call before writing anything. */
  async verify(): Promise<void> {
    for (const [path, sha256] of Object.entries(this.manifest.files)) {
      const entry = this.entries.get(path);
      if (entry) await drain(this.zip, entry, sha256);
    }
  }

  /** True when the archive holds the table's data file. */
  hasTable(table: ArchiveTable): boolean {
    return this.entries.has(dataPath(table));
  }

  /**
   * The rows of one table, upgraded to the current format, each handed to `each` as it is read
   * (check it there and keep only what it returns): the file is streamed, so neither its bytes nor
   * its text nor its raw rows are ever held whole. A table the archive lacks has no rows.
   */
  async rows(table: ArchiveTable): Promise<Row[]>;
  async rows<T>(table: ArchiveTable, each: (row: Row, index: number) => T): Promise<T[]>;
  async rows<T>(table: ArchiveTable, each?: (row: Row, index: number) => T): Promise<(T | Row)[]> {
    const path = dataPath(table);
    const entry = this.entries.get(path);
    if (!entry) return [];
    const upgrade = rowUpgrade(table, this.writtenVersion);
    const out: (T | Row)[] = [];
    const stream = await openStream(this.zip, entry);
    const hash = createHash("sha256");
    const hashed = async function* () {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        hash.update(chunk);
        yield chunk;
      }
    };
    try {
      for await (const raw of jsonArrayObjects(hashed(), this.limits.maxRowBytes)) {
        const row = upgrade(raw);
        out.push(each ? each(row, out.length) : row);
      }
    } catch (error) {
      stream.destroy();
      if (!(error instanceof JsonRowsError)) throw zipError(error);
      if (error.problem === "row-too-large") {
        throw archiveInvalid(
          `row number ${error.row} of its file '${path}' is longer than ${this.limits.maxRowBytes} bytes.`,
        );
      }
      throw archiveInvalid(
        `its file '${path}' is ${error.problem === "not-rows" ? "not a list of rows" : "not valid JSON"}.`,
      );
    }
    if (hash.digest("hex") !== this.manifest.files[path]) {
      throw archiveInvalid(`the file '${path}' does not match its SHA-256 in the manifest.`);
    }
    return out;
  }

  /** True when the archive holds a picture object under this key. */
  hasImage(key: string): boolean {
    return this.entries.has(imagePath(key));
  }

  /** One picture object's bytes, checked against its SHA-256. */
  async image(key: string): Promise<Buffer> {
    const path = imagePath(key);
    const entry = this.entries.get(path);
    if (!entry) throw archiveInvalid(`the picture '${key}' is missing from it.`);
    return readEntry(this.zip, entry, this.manifest.files[path]);
  }

  /** Picture keys present in the archive. */
  imageKeys(): string[] {
    return [...this.entries.keys()]
      .filter((n) => n.startsWith(IMAGES_DIR))
      .map((n) => n.slice(IMAGES_DIR.length));
  }

  close(): void {
    this.zip.close();
  }
}

/** Every file is listed with a checksum, every listed file is there, every table of the scope is there. */
function checkListing(manifest: Manifest, entries: Map<string, yauzl.Entry>, version: number): void {
  for (const name of entries.keys()) {
    if (name !== MANIFEST_PATH && !(name in manifest.files)) {
      throw archiveInvalid(`the file '${name}' is not listed in its manifest.`);
    }
  }
  for (const path of Object.keys(manifest.files)) {
    if (!entries.has(path)) throw archiveInvalid(`the file '${path}' listed in its manifest is missing.`);
  }
  for (const table of SCOPE_TABLES[manifest.scope]) {
    // A table newer than the archive's format is supplied empty by the upgrade.
    if (!entries.has(dataPath(table)) && !upgradeAddsTable(table, version)) {
      throw archiveInvalid(`it is missing the table '${table}'.`);
    }
  }
}

function openStream(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Readable> {
  return new Promise((resolve, reject) =>
    zip.openReadStream(entry, (error, stream) => (error ? reject(zipError(error)) : resolve(stream))),
  );
}

/**
 * Reads one entry (its size already checked against the limits) and compares its SHA-256. The bytes
 * go straight into one buffer of the size the directory gives (yauzl stops an entry that inflates
 * past it), so a picture is held once, not once in chunks and once joined.
 */
export async function readEntry(
  zip: yauzl.ZipFile,
  entry: yauzl.Entry,
  sha256: string | undefined,
): Promise<Buffer> {
  const bytes = Buffer.allocUnsafe(entry.uncompressedSize);
  let at = 0;
  await drain(zip, entry, sha256, (chunk) => {
    at += chunk.copy(bytes, at);
  });
  return bytes.subarray(0, at);
}

async function drain(
  zip: yauzl.ZipFile,
  entry: yauzl.Entry,
  sha256: string | undefined,
  onChunk?: (chunk: Buffer) => void,
): Promise<void> {
  const stream = await openStream(zip, entry);
  const hash = createHash("sha256");
  try {
    // yauzl stops a stream that inflates past the size the directory declared (validateEntrySizes).
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      hash.update(chunk);
      onChunk?.(chunk);
    }
  } catch (error) {
    throw zipError(error);
  }
  if (sha256 !== undefined && hash.digest("hex") !== sha256) {
    throw archiveInvalid(`the file '${entry.fileName}' does not match its SHA-256 in the manifest.`);
  }
}

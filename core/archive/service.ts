/**
 * Exports and imports through storage: behind API Gateway no archive passes through a Lambda's
 * request or response body (10 MB / 6 MB limits). An export is written to the bucket and answered
 * with a signed GET link; an import is uploaded with a signed PUT link and then named by its key.
 */
import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { pipeline } from "node:stream/promises";
import { type Caller, isAdmin } from "../auth/caller.ts";
import type { Db } from "../db.ts";
import { adminRequired, Forbidden, Invalid } from "../errors.ts";
import { dumpToArchive } from "./dump.ts";
import { openForeignUpload } from "./foreign.ts";
import { MAX_UPLOAD_BYTES } from "./format.ts";
import { importArchive } from "./import.ts";
import { importForeign } from "./import-foreign.ts";
import { ArchiveReader } from "./reader.ts";
import type { ExportCreate, ExportRead, ImportRead, ImportUploadRead } from "./schemas.ts";
import {
  type Bucket,
  configuredBucket,
  deleteKeys,
  objectSize,
  readObject,
  SIGNED_LINK_SECONDS,
  signedDownloadUrl,
  signedUploadUrl,
  writeStream,
} from "./storage.ts";
import { ArchiveWriter } from "./writer.ts";

const expiresAt = () => new Date(Date.now() + SIGNED_LINK_SECONDS * 1000).toISOString();

/**
 * Writes an archive of the caller's content (`mine`) or of the whole instance (`all`, admins only)
 * to storage and answers a signed link to it.
 */
export async function createExport(
  db: Db,
  input: ExportCreate,
  caller: Caller,
  bucket: Bucket = configuredBucket(),
): Promise<ExportRead> {
  if (input.scope === "all" && !isAdmin(caller)) throw adminRequired();
  const day = new Date().toISOString().slice(0, 10);
  const key = `exports/${caller.id}/${day}-${randomUUID()}.zip`;
  const sink = new PassThrough();
  const writer = new ArchiveWriter(sink);
  const upload = writeStream(bucket, key, sink, "application/zip");
  let result: { bytes: number; counts: Record<string, number> };
  try {
    const counts = await dumpToArchive(db, bucket, writer, { scope: input.scope, userId: caller.id });
    const { bytes } = await writer.finish(input.scope, counts);
    await upload;
    result = { bytes, counts };
  } catch (error) {
    writer.abort();
    sink.destroy();
    await upload.catch(() => undefined);
    await deleteKeys(bucket, [key]).catch(() => undefined);
    throw error;
  }
  return {
    url: await signedDownloadUrl(bucket, key, `recipes-${input.scope}-${day}.zip`),
    expires_at: expiresAt(),
    size_bytes: result.bytes,
    counts: result.counts,
  };
}

/** A signed PUT link for an archive the caller will import, under a key only they may name. */
export async function createImportUpload(
  caller: Caller,
  bucket: Bucket = configuredBucket(),
): Promise<ImportUploadRead> {
  const key = `imports/${caller.id}/${randomUUID()}.zip`;
  return { upload_url: await signedUploadUrl(bucket, key), key, expires_at: expiresAt() };
}

const UPLOAD_KEY =
  /^imports\/([1-9][0-9]{0,9})\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.zip$/;

const keyError = (message: string) => Invalid(message, [{ path: "key", message }]);

/**
 * Imports the archive uploaded under `key` as the caller's content: an archive of this service, a
 * Paprika export or schema.org recipes (see foreign.ts). The upload is removed once imported; a
 * failed import changes nothing and leaves it for another try.
 */
export async function importUpload(
  db: Db,
  key: string,
  caller: Caller,
  bucket: Bucket = configuredBucket(),
): Promise<ImportRead> {
  const owner = UPLOAD_KEY.exec(key)?.[1];
  if (!owner) throw keyError(`Upload key '${key}' was not made by POST /imports/uploads.`);
  if (Number(owner) !== caller.id) throw Forbidden(`Upload '${key}' belongs to another user.`);
  const size = await objectSize(bucket, key);
  if (size === undefined) throw keyError(`Upload '${key}' was not found.`);
  if (size > MAX_UPLOAD_BYTES) {
    await deleteKeys(bucket, [key]);
    throw keyError(`Upload '${key}' is larger than ${MAX_UPLOAD_BYTES} bytes.`);
  }
  // The zip's directory is at its end and its entries are read in any order: it needs a file.
  const dir = await mkdtemp(join(tmpdir(), "recipes-import-"));
  try {
    const file = join(dir, "upload");
    await pipeline(await readObject(bucket, key), createWriteStream(file));
    let result: ImportRead;
    // A Paprika export or schema.org recipes, told by the bytes; else an archive of this service.
    const foreign = await openForeignUpload(file);
    if (foreign) {
      try {
        result = await importForeign(db, bucket, foreign, caller);
      } finally {
        foreign.close();
      }
    } else {
      const reader = await ArchiveReader.open(file);
      try {
        result = await importArchive(db, bucket, reader, caller);
      } finally {
        reader.close();
      }
    }
    await deleteKeys(bucket, [key]);
    return result;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

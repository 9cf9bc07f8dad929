/**
 * Importing an archive uploaded through a signed PUT link (see core/archive/service.ts): an
 * archive of this service, a Paprika export or schema.org recipes.
 */
import { createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import type { Caller } from "../auth/caller.ts";
import { type ThrottleLimit, take } from "../auth/throttle.ts";
import type { Db } from "../db.ts";
import { Forbidden, Invalid } from "../errors.ts";
import { openForeignUpload } from "./foreign.ts";
import { IMPORT_LIMITS, MAX_UPLOAD_BYTES } from "./format.ts";
import { importArchive } from "./import.ts";
import { importForeign } from "./import-foreign.ts";
import { ArchiveReader } from "./reader.ts";
import type { ImportRead } from "./schemas.ts";
import { type Bucket, configuredBucket, deleteKeys, objectSize, readObject } from "./storage.ts";

const UPLOAD_KEY =
  /^imports\/([1-9][0-9]{0,9})\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.zip$/;

const keyError = (message: string) => Invalid(message, [{ path: "key", message }]);

/**
 * Imports per user, whatever their outcome: each may unpack 200 MB and write thousands of rows and
 * pictures, so a few an hour; a person moving in needs one or two, a retry after a fix a few more.
 */
export const ARCHIVE_IMPORT_LIMIT: ThrottleLimit = { max: 10, windowMinutes: 60 };

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
  await take(
    db,
    `archive-import:${caller.id}`,
    ARCHIVE_IMPORT_LIMIT,
    "Too many archive imports. Try again in {s} seconds.",
  );
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
    const foreign = await openForeignUpload(file, IMPORT_LIMITS);
    if (foreign) {
      try {
        result = await importForeign(db, bucket, foreign, caller);
      } finally {
        foreign.close();
      }
    } else {
      const reader = await ArchiveReader.open(file, IMPORT_LIMITS);
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

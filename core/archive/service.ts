/**
 * Exports and imports through storage: behind API Gateway no archive passes through a Lambda's
 * request or response body (10 MB / 6 MB limits). An export is written to the bucket and answered
 * with a signed GET link; an import is uploaded with a signed PUT link (upload-link.ts) and then
 * named by its key (import-service.ts). Each in a module of its own, so that each function bundles
 * only its own part: the zip writer, or the archive and foreign-format readers.
 */
import { randomUUID } from "node:crypto";
import { PassThrough } from "node:stream";
import { type Caller, isAdmin } from "../auth/caller.ts";
import type { Db } from "../db.ts";
import { adminRequired } from "../errors.ts";
import { dumpToArchive } from "./dump.ts";
import type { ExportCreate, ExportRead } from "./schemas.ts";
import { type Bucket, configuredBucket, deleteKeys, signedDownloadUrl, writeStream } from "./storage.ts";
import { expiresAt } from "./upload-link.ts";
import { ArchiveWriter } from "./writer.ts";

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

/** The signed PUT link an archive import starts with (see core/archive/service.ts). */
import { randomUUID } from "node:crypto";
import type { Caller } from "../auth/caller.ts";
import type { ImportUploadRead } from "./schemas.ts";
import { type Bucket, configuredBucket, SIGNED_LINK_SECONDS, signedUploadUrl } from "./storage.ts";

/** When a signed link made now stops working. */
export const expiresAt = (): string => new Date(Date.now() + SIGNED_LINK_SECONDS * 1000).toISOString();

/** A signed PUT link for an archive the caller will import, under a key only they may name. */
export async function createImportUpload(
  caller: Caller,
  bucket: Bucket = configuredBucket(),
): Promise<ImportUploadRead> {
  const key = `imports/${caller.id}/${randomUUID()}.zip`;
  return { upload_url: await signedUploadUrl(bucket, key), key, expires_at: expiresAt() };
}

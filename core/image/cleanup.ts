/**
 * Removing the stored objects of pictures that are no longer referenced (a row deleted, a picture
 * replaced). Called after the database change has committed, so a failure here can only leave an
 * unreferenced object behind, never a row pointing at a missing one.
 */
import { DeleteObjectsCommand } from "@aws-sdk/client-s3";
import { config } from "../config.ts";
import { getStorage } from "../storage.ts";

/** The object key behind one of our public URLs, or undefined for anything else. */
export function keyFromPublicUrl(url: string): string | undefined {
  const prefix = `${config.storage.publicUrl}/`;
  return url.startsWith(prefix) ? decodeURIComponent(url.slice(prefix.length)) : undefined;
}

/**
 * Deletes the objects behind the given picture URLs (nulls are skipped). Best effort: returns false
 * if storage could not be reached, so callers that already committed can still answer success.
 */
export async function removePictures(urls: readonly (string | null | undefined)[]): Promise<boolean> {
  const keys = [...new Set(urls.flatMap((url) => (url ? (keyFromPublicUrl(url) ?? []) : [])))];
  if (keys.length === 0) return true;
  try {
    for (let i = 0; i < keys.length; i += 1000) {
      await getStorage().send(
        new DeleteObjectsCommand({
          Bucket: config.storage.bucket,
          Delete: { Objects: keys.slice(i, i + 1000).map((Key) => ({ Key })), Quiet: true },
        }),
      );
    }
    return true;
  } catch {
    return false;
  }
}

/**
 * Removing the stored objects of pictures that are no longer referenced (a row deleted, a picture
 * replaced). Called after the database change has committed, so a failure here can only leave an
 * unreferenced object behind, never a row pointing at a missing one.
 */
import { config } from "../config.ts";
import { deleteObjects } from "../storage.ts";

/** The object key behind one of our public URLs, or undefined for anything else. */
export function keyFromPublicUrl(url: string): string | undefined {
  const prefix = `${config.storage.publicUrl}/`;
  return url.startsWith(prefix) ? decodeURIComponent(url.slice(prefix.length)) : undefined;
}

/**
 * Deletes the objects behind the given picture URLs (nulls and foreign URLs are skipped). Best
 * effort: returns false if storage could not be reached, so callers that already committed can
 * still answer success.
 */
export async function removePictures(urls: readonly (string | null | undefined)[]): Promise<boolean> {
  const keys = [...new Set(urls.flatMap((url) => (url ? (keyFromPublicUrl(url) ?? []) : [])))];
  if (keys.length === 0) return true;
  try {
    await deleteObjects(keys);
    return true;
  } catch {
    return false;
  }
}

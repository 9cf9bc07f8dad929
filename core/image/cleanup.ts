/**
 * Removing the stored objects of pictures that are no longer referenced (a row deleted, a picture
 * replaced). Called after the database change has committed, so a failure here can only leave an
 * unreferenced object behind, never a row pointing at a missing one; and such a failure is not
 * forgotten: its keys go to the `storage_cleanups` outbox, retried whenever a later deletion
 * reaches storage and by `npm run storage:sweep`, which also finds and removes objects nothing
 * names (left by a process killed between its commit and its deletions).
 */
import { sql } from "kysely";
import { config } from "../config.ts";
import { type Db, getDb } from "../db.ts";
import { logger } from "../log.ts";
import { deleteObjects, listObjects } from "../storage.ts";

/** The object key behind one of our public URLs, or undefined for anything else. */
export function keyFromPublicUrl(url: string): string | undefined {
  const prefix = `${config.storage.publicUrl}/`;
  return url.startsWith(prefix) ? decodeURIComponent(url.slice(prefix.length)) : undefined;
}

/** How many outbox keys one successful deletion retries on the side. */
const OUTBOX_BATCH = 50;

/** Keys whose deletion failed, kept until storage answers again. Best effort: the sweep is the backstop. */
async function recordFailedDeletions(db: Db, keys: readonly string[]): Promise<void> {
  try {
    await db
      .insertInto("storage_cleanups")
      .values(keys.map((key) => ({ key })))
      .onConflict((oc) => oc.column("key").doUpdateSet({ attempts: sql`storage_cleanups.attempts + 1` }))
      .execute();
  } catch (error) {
    // The database is down too: the orphan sweep will find these objects.
    logger.error("picture_cleanup_unrecorded", { keys, message: (error as Error).message });
  }
}

/**
 * Retries up to `limit` keys of the outbox; returns how many were deleted. Keys are deleted from
 * storage first and from the outbox after, so a crash in between only repeats a harmless deletion.
 */
export async function drainStorageCleanups(db: Db, limit = OUTBOX_BATCH): Promise<number> {
  const rows = await db
    .selectFrom("storage_cleanups")
    .select("key")
    .orderBy("created_at")
    .limit(limit)
    .execute();
  if (rows.length === 0) return 0;
  const keys = rows.map((row) => row.key);
  await deleteObjects(keys);
  await db.deleteFrom("storage_cleanups").where("key", "in", keys).execute();
  return keys.length;
}

/**
 * Deletes the objects behind the given picture URLs (nulls and foreign URLs are skipped). Never
 * throws: callers have already committed and answer success. A failure (storage down, or a
 * permission missing) is logged with its keys and the keys go to the outbox, and false is
 * returned; on success a batch of earlier failures is retried too.
 */
export async function removePictures(
  urls: readonly (string | null | undefined)[],
  db: Db = getDb(),
): Promise<boolean> {
  const keys = [...new Set(urls.flatMap((url) => (url ? (keyFromPublicUrl(url) ?? []) : [])))];
  if (keys.length === 0) return true;
  try {
    await deleteObjects(keys);
  } catch (error) {
    logger.error("picture_cleanup_failed", { keys, message: (error as Error).message });
    await recordFailedDeletions(db, keys);
    return false;
  }
  await drainStorageCleanups(db).catch((error: Error) =>
    logger.error("picture_cleanup_retry_failed", { message: error.message }),
  );
  return true;
}

/** The tables whose rows carry pictures, and so the key prefixes the sweep looks under. */
export const PICTURE_PREFIXES = ["recipes/", "categories/", "ingredients/", "users/"] as const;

/** Every object key a row names right now. */
async function referencedKeys(db: Db): Promise<Set<string>> {
  const rows = await db
    .selectFrom("recipes")
    .select(["img", "preview_img"])
    .unionAll(db.selectFrom("categories").select(["img", "preview_img"]))
    .unionAll(db.selectFrom("ingredients").select(["img", "preview_img"]))
    .unionAll(db.selectFrom("users").select(["img", "preview_img"]))
    .execute();
  const keys = new Set<string>();
  for (const row of rows) {
    for (const url of [row.img, row.preview_img]) {
      const key = url ? keyFromPublicUrl(url) : undefined;
      if (key) keys.add(key);
    }
  }
  return keys;
}

export type SweepResult = { outbox: number; orphans: string[] };

/**
 * The operator's sweep: empties the outbox, then deletes every picture object that no row names
 * and that is older than `olderThan` (younger ones may belong to an upload whose row update has not
 * committed yet). With `dryRun`, only reports. Objects outside the picture prefixes (exports,
 * imports) are never touched; `prefixes` narrows the search further (one table, one row).
 */
export async function sweepOrphans(
  db: Db,
  options: { olderThan: Date; dryRun?: boolean; prefixes?: readonly string[] },
): Promise<SweepResult> {
  let outbox = 0;
  if (!options.dryRun) {
    for (let drained = -1; drained !== 0; ) {
      drained = await drainStorageCleanups(db, 500);
      outbox += drained;
    }
  }
  // Listed before the rows are read: an object written after the listing is not considered at all.
  const candidates: string[] = [];
  for (const prefix of options.prefixes ?? PICTURE_PREFIXES) {
    for await (const object of listObjects(prefix)) {
      if (object.lastModified < options.olderThan) candidates.push(object.key);
    }
  }
  const referenced = await referencedKeys(db);
  const orphans = candidates.filter((key) => !referenced.has(key));
  if (!options.dryRun) {
    for (let i = 0; i < orphans.length; i += 100) await deleteObjects(orphans.slice(i, i + 100));
  }
  return { outbox, orphans };
}

type Pictures = { img: string | null; preview_img: string | null };

/**
 * A row merged into another (an ingredient, a category): the kept row's picture with its preview,
 * else the merged row's; `unused` are the URLs no row names any more, for removePictures after commit.
 */
export function mergedPictures(kept: Pictures, merged: Pictures): Pictures & { unused: (string | null)[] } {
  if (kept.img)
    return { img: kept.img, preview_img: kept.preview_img, unused: [merged.img, merged.preview_img] };
  return { img: merged.img, preview_img: merged.preview_img, unused: [kept.preview_img] };
}

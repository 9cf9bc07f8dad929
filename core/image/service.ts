/**
 * Attaching, replacing and removing the picture of a recipe, category, ingredient or user.
 *
 * Nothing lost, nothing orphaned: the new objects are written first, then the row is updated in
 * a transaction that locks it and checks ownership again, and only after the commit are the
 * replaced objects deleted. If the row update fails the new objects are removed again; if storage
 * is down the request fails with 503 before the row is touched. Every upload writes keys of its
 * own, so concurrent uploads to one row can never delete objects that another one is about to
 * commit: the objects a request deletes were named only by the row value it replaced.
 * Deletions that fail (storage down) go to the storage_cleanups outbox (see cleanup.ts).
 */
import { randomBytes } from "node:crypto";
import { assertOwnerOrAdmin, type Caller, isAdmin, requireCaller } from "../auth/caller.ts";
import type { Db } from "../db.ts";
import { Forbidden, NotFound } from "../errors.ts";
import { publicUrl, putPublicObject, requireStorage } from "../storage.ts";
import { removePictures } from "./cleanup.ts";
import { type ProcessedPicture, processPicture } from "./process.ts";
import { findPictureRow, type PictureRow, type PictureTable, updatePictureColumns } from "./repository.ts";
import { readPictureUpload } from "./upload.ts";

export type { PictureTable };

const NOUN: Record<PictureTable, string> = {
  recipes: "Recipe",
  categories: "Category",
  ingredients: "Ingredient",
  users: "User",
};

/** 404 for a missing row, 403 unless the caller is an admin or owns it (categories: admins only). */
function assertMayChange(
  table: PictureTable,
  id: number,
  row: PictureRow | undefined,
  caller: Caller | null,
): asserts row is PictureRow {
  const known = requireCaller(caller);
  if (!row) throw NotFound(`${NOUN[table]} ID ${id} was not found.`);
  if (table === "categories" && !isAdmin(known)) throw Forbidden("This action requires the admin role.");
  assertOwnerOrAdmin(known, row.owner_id, NOUN[table], id);
}

type PictureUrls = { img: string; preview_img: string };

/**
 * Keys unique to this upload (the content hash, for people reading the bucket, plus a random part):
 * objects never change once written, and no other request ever writes or deletes them.
 */
async function storePicture(
  table: PictureTable,
  id: number,
  picture: ProcessedPicture,
): Promise<PictureUrls> {
  const base = `${table}/${id}/${picture.hash.slice(0, 32)}-${randomBytes(8).toString("hex")}`;
  const originalKey = `${base}.${picture.original.extension}`;
  const previewKey = `${base}-preview.${picture.preview.extension}`;
  const urls = { img: publicUrl(originalKey), preview_img: publicUrl(previewKey) };
  try {
    await Promise.all([
      putPublicObject(originalKey, picture.original.bytes, picture.original.contentType),
      putPublicObject(previewKey, picture.preview.bytes, picture.preview.contentType),
    ]);
  } catch (error) {
    await removePictures([urls.img, urls.preview_img]); // one of the two may have been written
    throw error;
  }
  return urls;
}

/**
 * Sets the picture of a row from a request body (the image itself, or a multipart form with an
 * `image` field). 415 for a content type that is not a supported image, 404/403 for the row,
 * 422 when the bytes are not a decodable image of the claimed format, 503 when storage is down.
 */
export async function replacePicture(
  db: Db,
  table: PictureTable,
  id: number,
  body: Buffer,
  contentType: string | undefined,
  caller: Caller | null,
): Promise<void> {
  const upload = await readPictureUpload(body, contentType);
  const before = await findPictureRow(db, table, id);
  assertMayChange(table, id, before, caller);
  const urls = await storePicture(table, id, await processPicture(upload));

  let replaced: PictureRow;
  try {
    replaced = await db.transaction().execute(async (trx) => {
      const row = await findPictureRow(trx, table, id, { forUpdate: true });
      assertMayChange(table, id, row, caller); // the row may have gone or changed hands meanwhile
      await updatePictureColumns(trx, table, id, urls);
      return row;
    });
  } catch (error) {
    await removePictures([urls.img, urls.preview_img]); // this upload's own keys: nobody else names them
    throw error;
  }
  await removePictures([replaced.img, replaced.preview_img]);
}

/** Clears the picture of a row and deletes its objects; 503 (row unchanged) when storage is down. */
export async function removePicture(
  db: Db,
  table: PictureTable,
  id: number,
  caller: Caller | null,
): Promise<void> {
  // Checked first: clearing the row and then failing to delete would orphan the objects.
  await requireStorage();
  const removed = await db.transaction().execute(async (trx) => {
    const row = await findPictureRow(trx, table, id, { forUpdate: true });
    assertMayChange(table, id, row, caller);
    if (row.img !== null || row.preview_img !== null) {
      await updatePictureColumns(trx, table, id, { img: null, preview_img: null });
    }
    return row;
  });
  await removePictures([removed.img, removed.preview_img]);
}

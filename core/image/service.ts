/**
 * Attaching, replacing and removing the picture of a recipe, category, ingredient or user.
 *
 * Nothing lost, nothing orphaned: the new objects are written first, then the row is updated in
 * a transaction that locks it and checks ownership again, and only after the commit are the
 * replaced objects deleted. If the row update fails the new objects are removed again; if storage
 * is down the request fails with 503 before the row is touched.
 */
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

/** Content-addressed keys: the same picture always lands on the same keys, so objects never change. */
async function storePicture(
  table: PictureTable,
  id: number,
  picture: ProcessedPicture,
): Promise<PictureUrls> {
  const base = `${table}/${id}/${picture.hash}`;
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

const unlessIn = (urls: (string | null)[], keep: (string | null)[]) => urls.filter((u) => !keep.includes(u));

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
    // The same picture uploaded again has the same keys: never delete what the row still shows.
    await removePictures(unlessIn([urls.img, urls.preview_img], [before.img, before.preview_img]));
    throw error;
  }
  await removePictures(unlessIn([replaced.img, replaced.preview_img], [urls.img, urls.preview_img]));
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

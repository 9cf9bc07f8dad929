/**
 * Attaching and replacing the picture of a recipe, category, ingredient or user (removing it: remove.ts).
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
import type { Caller } from "../auth/caller.ts";
import { afterCommit, type Db, transaction } from "../db.ts";
import { rationedFetch } from "../net/fetch-ration.ts";
import { allOrFirstError, publicUrl, putPublicObject } from "../storage.ts";
import { removePictures } from "./cleanup.ts";
import { type ProcessedPicture, processPicture } from "./process.ts";
import { assertMayChange } from "./remove.ts";
import { findPictureRow, PICTURE_TABLES, type PictureOwner, updatePictureColumns } from "./repository.ts";
import { readPictureUpload } from "./upload.ts";

export type { PictureOwner };

type PictureUrls = { img: string; preview_img: string };

/**
 * Keys unique to this upload (the content hash, for people reading the bucket, plus a random part):
 * objects never change once written, and no other request ever writes or deletes them.
 */
async function storePicture(kind: PictureOwner, id: number, picture: ProcessedPicture): Promise<PictureUrls> {
  const base = `${PICTURE_TABLES[kind].table}/${id}/${picture.hash.slice(0, 32)}-${randomBytes(8).toString("hex")}`;
  const originalKey = `${base}.${picture.original.extension}`;
  const previewKey = `${base}-preview.${picture.preview.extension}`;
  const urls = { img: publicUrl(originalKey), preview_img: publicUrl(previewKey) };
  try {
    await allOrFirstError([
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
 * Sets the picture of a row from a request body (the image itself, a multipart form with an
 * `image` field, or JSON `{url}`). 404/403 for the row (checked before a URL is fetched), 415 for
 * a content type that is not a supported image, 422 when the bytes are not a decodable image of
 * the claimed format, 429 past the caller's fetches (a `{url}`), 503 when storage is down.
 */
export async function replacePicture(
  db: Db,
  kind: PictureOwner,
  id: number,
  body: Buffer,
  contentType: string | undefined,
  caller: Caller,
): Promise<void> {
  assertMayChange(kind, id, await findPictureRow(db, kind, id), caller);
  const upload = await readPictureUpload(body, contentType, (fetch) => rationedFetch(db, caller.id, fetch));
  const urls = await storePicture(kind, id, await processPicture(upload));
  try {
    await transaction(db, async (trx) => {
      const row = await findPictureRow(trx, kind, id, { forUpdate: true });
      assertMayChange(kind, id, row, caller); // the row may have gone or changed hands meanwhile
      await updatePictureColumns(trx, kind, id, urls);
      afterCommit(() => removePictures([row.img, row.preview_img]));
    });
  } catch (error) {
    await removePictures([urls.img, urls.preview_img]); // this upload's own keys: nobody else names them
    throw error;
  }
}

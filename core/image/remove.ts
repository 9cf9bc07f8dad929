/**
 * Removing the picture of a row (see core/image/service.ts for replacing it). A module of its own
 * so that the removal functions do not bundle the upload path (image decoding, fetching by URL).
 */
import { assertOwnerOrAdmin, type Caller, isAdmin } from "../auth/caller.ts";
import { afterCommit, type Db, transaction } from "../db.ts";
import { adminRequired, notFound } from "../errors.ts";
import { requireStorage } from "../storage.ts";
import { removePictures } from "./cleanup.ts";
import { findPictureRow, type PictureOwner, type PictureRow, updatePictureColumns } from "./repository.ts";

/** 404 for a missing row, 403 unless the caller is an admin or owns it (categories: admins only). */
export function assertMayChange(
  kind: PictureOwner,
  id: number,
  row: PictureRow | undefined,
  caller: Caller,
): asserts row is PictureRow {
  if (!row) throw notFound(kind, id);
  if (kind === "Category" && !isAdmin(caller)) throw adminRequired();
  assertOwnerOrAdmin(caller, row.owner_id, kind, id);
}

/** Clears the picture of a row and deletes its objects; 503 (row unchanged) when storage is down. */
export async function removePicture(db: Db, kind: PictureOwner, id: number, caller: Caller): Promise<void> {
  // Checked first: clearing the row and then failing to delete would orphan the objects.
  await requireStorage();
  await transaction(db, async (trx) => {
    const row = await findPictureRow(trx, kind, id, { forUpdate: true });
    assertMayChange(kind, id, row, caller);
    if (row.img !== null || row.preview_img !== null) {
      await updatePictureColumns(trx, kind, id, { img: null, preview_img: null });
    }
    afterCommit(() => removePictures([row.img, row.preview_img]));
  });
}

/**
 * A form for a row with a picture (ingredient, category): a picture chosen before the row exists
 * waits (PictureField shows it) and goes up once the save gives the row an id; the form moves on only
 * then. For a saved row the picture goes up at once and the save moves on at once.
 */
import { useState } from "react";

export function usePictureAfterSave<Row extends { id: number }>(
  initial: Row | null,
  finish: (row: Row) => void,
) {
  const [saved, setSaved] = useState<Row | null>(initial);
  const [pending, setPending] = useState(false);
  const [uploadingAfterSave, setUploadingAfterSave] = useState(false);
  return {
    /** The row as last saved or uploaded to, or null while it does not exist. */
    saved,
    /** True between the save and the end of the picture's upload. */
    uploadingAfterSave,
    /** For PictureField's onPendingChange. */
    setPending,
    /** Call with the saved row. */
    rowSaved(row: Row) {
      setSaved(row);
      if (pending) setUploadingAfterSave(true);
      else finish(row);
    },
    /** Call with the row the upload answered. */
    pictureUploaded(row: Row) {
      setSaved(row);
      if (uploadingAfterSave) finish(row);
    },
  };
}

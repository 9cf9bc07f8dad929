/**
 * The picture of a row (recipe, ingredient, category, one's own profile): choose or drop a file, see
 * it at once, watch it upload, replace it, remove it. A photo too big for the API is scaled down in
 * the browser first (lib/pictures.ts).
 *
 * With a `target` the picture is uploaded as soon as it is chosen. Without one (the row is not saved
 * yet) it waits, shown as a preview, and goes up by itself once the parent passes the new row's target.
 */
import { type DragEvent, useEffect, useId, useRef, useState } from "react";
import { useT } from "../i18n/index.ts";
import { errorMessage } from "../lib/errors.ts";
import {
  PictureError,
  type PictureTarget,
  prepareForUpload,
  removePicture,
  uploadPicture,
} from "../lib/pictures.ts";
import "./picture-field.css";

type Status = "idle" | "preparing" | "uploading" | "removing";

export function PictureField<Row = unknown>({
  label,
  target,
  src,
  hint,
  onUploaded,
  onRemoved,
  onPendingChange,
}: {
  label: string;
  /** The saved row the picture belongs to; null while the row does not exist yet. */
  target: PictureTarget | null;
  /** The stored picture's address, if any. */
  src: string | null | undefined;
  hint?: string;
  /** The row as the API answered the upload (with its new `img` and `preview_img`). */
  onUploaded?: (row: Row) => void;
  onRemoved?: () => void;
  /** Tells the parent whether a chosen picture is still waiting to be uploaded. */
  onPendingChange?: (pending: boolean) => void;
}) {
  const { t } = useT();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState<Blob | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>("idle");
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState("");
  const [dragging, setDragging] = useState(false);
  const aborter = useRef<AbortController | null>(null);
  const callbacks = useRef({ onUploaded, onPendingChange });
  callbacks.current = { onUploaded, onPendingChange };

  // An object URL holds the file in memory until revoked.
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  // Leaving the page stops an upload in flight.
  useEffect(() => () => aborter.current?.abort(), []);

  const setWaiting = (blob: Blob | null) => {
    setPending(blob);
    callbacks.current.onPendingChange?.(blob !== null);
  };

  // Upload whatever waits as soon as there is a row to put it on (at once for a saved row). After a
  // failure it waits for "Try again" (which clears the error) instead of retrying in a loop.
  useEffect(() => {
    if (!target || !pending || status !== "idle" || error) return;
    const controller = new AbortController();
    aborter.current = controller;
    setStatus("uploading");
    setProgress(0);
    setMessage(t("components.pictureUploading"));
    uploadPicture<Row>(target, pending, setProgress, controller.signal)
      .then((row) => {
        setPending(null);
        callbacks.current.onPendingChange?.(false);
        setPreview(null);
        setMessage(t("components.pictureUploaded"));
        callbacks.current.onUploaded?.(row);
      })
      .catch((failure: unknown) => {
        if (controller.signal.aborted) return;
        // The picture stays chosen: a retry is one click, nothing is lost.
        setError(errorMessage(failure));
        setMessage("");
      })
      .finally(() => {
        if (!controller.signal.aborted) setStatus("idle");
      });
  }, [target, pending, status, error, t]);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    setStatus("preparing");
    setMessage(t("components.picturePreparing"));
    try {
      const blob = await prepareForUpload(file);
      setPreview(URL.createObjectURL(blob));
      setStatus("idle");
      setMessage(target ? "" : t("components.pictureOnSave"));
      setWaiting(blob);
    } catch (failure) {
      setStatus("idle");
      setMessage("");
      setError(failure instanceof PictureError ? failure.message : errorMessage(failure));
    }
  };

  const remove = async () => {
    setError(null);
    if (pending && status !== "uploading") {
      // Only chosen, never uploaded: forgetting it is enough.
      setWaiting(null);
      setPreview(null);
      setMessage("");
      if (!src) return;
    }
    if (!target || !src) return;
    setStatus("removing");
    try {
      await removePicture(target);
      setMessage(t("components.pictureRemoved"));
      onRemoved?.();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setStatus("idle");
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void choose(event.dataTransfer.files[0]);
  };

  const shown = preview ?? src ?? null;
  const busy = status !== "idle";
  const uploading = status === "uploading";
  const retry = error !== null && pending !== null && target !== null;

  return (
    <fieldset className="picture-field" aria-describedby={hint ? `${id}-hint` : undefined}>
      <legend>{label}</legend>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping a file is a pointer shortcut; the buttons below do the same for everyone */}
      <div
        className="picture-drop"
        data-dragging={dragging || undefined}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        {shown ? (
          <img src={shown} alt={preview ? t("components.picturePreview") : t("components.pictureCurrent")} />
        ) : (
          <p className="picture-drop-text">{t("components.pictureDrop")}</p>
        )}
        {uploading && (
          <div className="picture-progress">
            <progress max={1} value={progress} aria-label={t("components.uploadProgress")} />
            <span aria-hidden="true">{Math.round(progress * 100)} %</span>
          </div>
        )}
      </div>
      <div className="picture-actions">
        <button
          type="button"
          className="button button-quiet"
          disabled={busy}
          onClick={() => input.current?.click()}
        >
          {shown ? t("components.pictureReplace") : t("components.pictureChoose")}
        </button>
        {retry && (
          <button type="button" className="button button-quiet" onClick={() => setError(null)}>
            {t("components.pictureRetry")}
          </button>
        )}
        {shown && (
          <button type="button" className="button button-quiet" disabled={busy} onClick={remove}>
            {t("components.pictureRemove")}
          </button>
        )}
      </div>
      <input
        ref={input}
        type="file"
        accept="image/*"
        hidden
        aria-label={label}
        onChange={(event) => {
          void choose(event.target.files?.[0]);
          event.target.value = ""; // choosing the same file again still counts as a choice
        }}
      />
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      <p className="picture-status" role="status">
        {message}
      </p>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

import { type ReactNode, useEffect, useId, useRef } from "react";
import { useT } from "../i18n/index.ts";
import "./confirm-dialog.css";

/**
 * A modal question with two answers, on the native <dialog> (focus kept inside and put on the first
 * button, the safe answer; Escape cancels; the page behind inert). `open` drives it; the answer comes back through the callbacks.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel,
  busy = false,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useT();
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  return (
    <dialog
      ref={dialog}
      className="confirm-dialog"
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        event.preventDefault(); // Escape: the parent decides, so `open` stays the one truth
        onCancel();
      }}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
      <div className="dialog-actions">
        <button type="button" className="button button-quiet" onClick={onCancel}>
          {cancelLabel ?? t("common.cancel")}
        </button>
        <button type="button" className="button button-danger-solid" onClick={onConfirm} disabled={busy}>
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}

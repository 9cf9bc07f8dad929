/**
 * A destructive action behind a confirmation that says what goes with it. A refusal (a 409 such as
 * "Ingredient ID 3 is used by 2 recipes.") stays in the dialog as the API's sentence.
 */
import { useMutation } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { useT } from "../i18n/index.ts";
import { errorMessage } from "../lib/errors.ts";
import { ConfirmDialog } from "./confirm-dialog.tsx";

export function DeleteButton({
  label,
  accessibleLabel,
  title,
  confirmLabel = label,
  action,
  onDeleted,
  children,
}: {
  /** The button's text, e.g. "Delete store". */
  label: string;
  /** A fuller name where the text alone is ambiguous ("Remove shelf Aisle 1"). */
  accessibleLabel?: string;
  title: string;
  confirmLabel?: string;
  action: () => Promise<unknown>;
  onDeleted: () => void;
  /** What goes with it, and whether it can be undone. */
  children: ReactNode;
}) {
  const { t } = useT();
  const [asking, setAsking] = useState(false);
  const remove = useMutation({
    mutationFn: action,
    onSuccess: () => {
      setAsking(false);
      onDeleted();
    },
  });
  return (
    <>
      <button
        type="button"
        className="button button-quiet button-danger"
        aria-label={accessibleLabel}
        onClick={() => {
          remove.reset();
          setAsking(true);
        }}
      >
        {label}
      </button>
      <ConfirmDialog
        open={asking}
        title={title}
        confirmLabel={remove.isPending ? t("components.deleting") : confirmLabel}
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
        onCancel={() => setAsking(false)}
      >
        {children}
        {remove.isError && (
          <p className="notice notice-error" role="alert">
            {errorMessage(remove.error)}
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}

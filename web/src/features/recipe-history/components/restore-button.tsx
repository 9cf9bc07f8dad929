/**
 * "Restore this version", behind a question that says nothing is lost; then the recipe's page, with
 * the recipe as restored (the answer of the restore is put in the cache: lib/api/recipe-saved.ts).
 */
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { useT } from "../../../i18n/index.ts";
import { errorMessage } from "../../../lib/errors.ts";
import { useRestoreRevision } from "../api/restore.ts";

export function RestoreButton({ recipeId, revision }: { recipeId: number; revision: number }) {
  const { t } = useT();
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const restore = useRestoreRevision(recipeId);
  return (
    <>
      <button
        type="button"
        className="button"
        onClick={() => {
          restore.reset();
          setAsking(true);
        }}
      >
        {t("recipe-history.restore")}
      </button>
      <ConfirmDialog
        open={asking}
        title={t("recipe-history.restoreTitle", { revision })}
        confirmLabel={restore.isPending ? t("recipe-history.restoring") : t("recipe-history.restoreConfirm")}
        busy={restore.isPending}
        onConfirm={() =>
          restore.mutate(revision, {
            onSuccess: () => {
              setAsking(false);
              void navigate({ to: "/recipes/$recipeId", params: { recipeId: String(recipeId) } });
            },
          })
        }
        onCancel={() => setAsking(false)}
      >
        <p>{t("recipe-history.restoreText", { revision })}</p>
        {restore.isError && (
          <p className="notice notice-error" role="alert">
            {errorMessage(restore.error)}
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}

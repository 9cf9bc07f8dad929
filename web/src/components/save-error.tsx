import { useT } from "../i18n/index.ts";
import { ApiError, errorMessage } from "../lib/errors.ts";

/**
 * Why a save or an action was refused: the API's `detail` sentence, pointing at the marked fields
 * when the refusal named some of them (`fieldErrors`).
 */
export function SaveError({ error }: { error: unknown }) {
  const { t } = useT();
  if (!error) return null;
  const marked = error instanceof ApiError && Object.keys(error.fieldErrors).length > 0;
  return (
    <p className="notice notice-error" role="alert">
      {errorMessage(error)}
      {marked && ` ${t("components.seeMarkedFields")}`}
    </p>
  );
}

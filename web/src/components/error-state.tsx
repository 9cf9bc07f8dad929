import { useT } from "../i18n/index.ts";
import { errorMessage } from "../lib/errors.ts";

/** A failed load: the API's sentence (or "cannot be reached") and a way to try again. */
export function ErrorState({
  error,
  onRetry,
  title,
}: {
  error: unknown;
  onRetry?: () => void;
  title?: string;
}) {
  const { t } = useT();
  return (
    <div className="notice notice-error" role="alert">
      <h2 className="notice-title">{title ?? t("components.couldNotLoad")}</h2>
      <p>{errorMessage(error)}</p>
      {onRetry && (
        <button type="button" className="button" onClick={onRetry}>
          {t("common.tryAgain")}
        </button>
      )}
    </div>
  );
}

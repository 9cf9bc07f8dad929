import { errorMessage } from "../lib/errors.ts";

/** A failed load: the API's sentence (or "cannot be reached") and a way to try again. */
export function ErrorState({
  error,
  onRetry,
  title = "This could not be loaded",
}: {
  error: unknown;
  onRetry?: () => void;
  title?: string;
}) {
  return (
    <div className="notice notice-error" role="alert">
      <h2 className="notice-title">{title}</h2>
      <p>{errorMessage(error)}</p>
      {onRetry && (
        <button type="button" className="button" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}

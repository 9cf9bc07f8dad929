/** The frame's page for a page that failed to render or load, with a way to try again. */
import { useRouter } from "@tanstack/react-router";
import { ErrorState } from "../components/error-state.tsx";
import { useT } from "../i18n/index.ts";

export function RouteError({ error, reset }: { error: unknown; reset: () => void }) {
  const { t } = useT();
  const router = useRouter();
  return (
    <div className="page narrow">
      <ErrorState
        title={t("app.pageFailed")}
        error={error}
        onRetry={() => {
          reset();
          void router.invalidate();
        }}
      />
    </div>
  );
}

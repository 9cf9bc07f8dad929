/** The frame's page for a page that failed to render or load, with a way to try again. */
import { useRouter } from "@tanstack/react-router";
import { ErrorState } from "../components/error-state.tsx";

export function RouteError({ error, reset }: { error: unknown; reset: () => void }) {
  const router = useRouter();
  return (
    <div className="page narrow">
      <ErrorState
        title="This page could not be shown"
        error={error}
        onRetry={() => {
          reset();
          void router.invalidate();
        }}
      />
    </div>
  );
}

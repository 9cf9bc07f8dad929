/** The pages of the frame itself: not found, and a page that failed to render or load. */
import { Link, useRouter } from "@tanstack/react-router";
import { ErrorState } from "../components/error-state.tsx";
import { useDocumentTitle } from "../components/use-document-title.ts";

export function NotFoundPage() {
  useDocumentTitle("Page not found");
  return (
    <div className="page narrow">
      <h1>Page not found</h1>
      <p>There is no page at this address. It may have moved, or the link has a typo.</p>
      <p>
        <Link to="/" className="button">
          Browse recipes
        </Link>
      </p>
    </div>
  );
}

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

/** The page for an address that leads nowhere: no route, or a route's row that does not exist (a 404). */
import { Link } from "@tanstack/react-router";
import { useDocumentTitle } from "../hooks/use-document-title.ts";

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

/**
 * The frame of an edit page: the row by its id from the URL, with its not-found, loading and error
 * states, then "Edit “name”" and the form (or, for someone who may not change it, why not).
 */
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { ErrorState } from "../../../components/error-state.tsx";
import { Loading } from "../../../components/loading.tsx";
import { NotFoundPage } from "../../../components/not-found-page.tsx";
import { useDocumentTitle } from "../../../hooks/use-document-title.ts";
import { isNotFound } from "../../../lib/errors.ts";

export function EditPage<T extends { name: string }>({
  id,
  query,
  what,
  waiting = false,
  children,
}: {
  /** The id from the URL; 0 when it is not one. */
  id: number;
  query: UseQueryResult<T>;
  /** What it is, for the title while it loads ("ingredient"). */
  what: string;
  /** Something else the form needs is still loading. */
  waiting?: boolean;
  children: (row: T) => ReactNode;
}) {
  const row = query.data;
  useDocumentTitle(row ? `Edit ${row.name}` : `Edit ${what}`);
  if (id === 0 || isNotFound(query.error)) return <NotFoundPage />;
  if (query.isPending || waiting) return <Loading />;
  if (!row) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <div className="page narrow">
      <h1>Edit “{row.name}”</h1>
      {children(row)}
    </div>
  );
}

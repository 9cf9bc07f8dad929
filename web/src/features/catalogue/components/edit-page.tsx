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
import { type MessageId, useT } from "../../../i18n/index.ts";
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
  /** The title while it loads ("Edit ingredient"). */
  what: MessageId;
  /** Something else the form needs is still loading. */
  waiting?: boolean;
  children: (row: T) => ReactNode;
}) {
  const row = query.data;
  const { t } = useT();
  useDocumentTitle(row ? t("catalogue.editName", { name: row.name }) : t(what));
  if (id === 0 || isNotFound(query.error)) return <NotFoundPage />;
  if (query.isPending || waiting) return <Loading />;
  if (!row) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <div className="page narrow">
      <h1>{t("catalogue.editHeading", { name: row.name })}</h1>
      {children(row)}
    </div>
  );
}

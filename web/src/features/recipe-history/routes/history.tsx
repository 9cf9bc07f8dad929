/**
 * A recipe's history: every version kept (who, when, what it changed), newest first; a version
 * chosen opens what it changed against the version before it, or against the recipe as it is now;
 * its owner (or an admin) may restore it.
 */
import { useInfiniteQuery } from "@tanstack/react-query";
import { Link, useParams, useSearch } from "@tanstack/react-router";
import { EmptyState } from "../../../components/empty-state.tsx";
import { ErrorState } from "../../../components/error-state.tsx";
import { LoadMore } from "../../../components/load-more.tsx";
import { Loading } from "../../../components/loading.tsx";
import { NotFoundPage } from "../../../components/not-found-page.tsx";
import { useDocumentTitle } from "../../../hooks/use-document-title.ts";
import { useRecipe } from "../../../hooks/use-recipe.ts";
import { useT } from "../../../i18n/index.ts";
import { isNotFound } from "../../../lib/errors.ts";
import { allItems } from "../../../lib/keyset.ts";
import { positiveInt } from "../../../lib/search.ts";
import { revisionQueries } from "../api/queries.ts";
import { RevisionChanges } from "../components/revision-changes.tsx";
import { RevisionRow } from "../components/revision-row.tsx";
import "../recipe-history.css";

export function RecipeHistoryPage() {
  const { t } = useT();
  const { recipeId } = useParams({ from: "/recipes/$recipeId/history" });
  const search = useSearch({ from: "/recipes/$recipeId/history" });
  const chosen = positiveInt(search.revision);
  const compare = search.compare === "current" ? "current" : "previous";
  // The recipe as it is now, in the amounts as written (what the revisions hold too).
  const { id, query: recipe, invalidId } = useRecipe(recipeId, undefined);
  const revisions = useInfiniteQuery({ ...revisionQueries.list(id ?? 0), enabled: id !== undefined });
  const title = recipe.data?.title;
  useDocumentTitle(
    title ? t("recipe-history.historyOf", { title }) : t("recipe-history.historyFallbackTitle"),
  );

  if (invalidId || id === undefined || isNotFound(recipe.error) || isNotFound(revisions.error))
    return <NotFoundPage />;
  if (recipe.isPending) return <Loading label={t("recipe-history.loading")} />;
  if (!recipe.data) return <ErrorState error={recipe.error} onRetry={() => void recipe.refetch()} />;

  const items = allItems(revisions.data);
  // The newest version is the recipe as it is now (a restore or a change always keeps one).
  const newest = items[0]?.revision;
  return (
    <div className="page narrow recipe-history">
      <p className="rh-back">
        <Link to="/recipes/$recipeId" params={{ recipeId }}>
          {t("recipe-history.backToRecipe", { title: recipe.data.title })}
        </Link>
      </p>
      <h1>{t("recipe-history.historyOf", { title: recipe.data.title })}</h1>
      <p className="lead">{t("recipe-history.lead")}</p>
      {revisions.isPending ? (
        <Loading label={t("recipe-history.loading")} />
      ) : revisions.isError && items.length === 0 ? (
        <ErrorState error={revisions.error} onRetry={() => void revisions.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState title={t("recipe-history.none")} />
      ) : (
        <>
          {/* A version from an address (a link shared) whose page of the list is not loaded yet. */}
          {chosen !== undefined && !items.some((item) => item.revision === chosen) && (
            <RevisionChanges recipe={recipe.data} revision={chosen} compare={compare} isNewest={false} />
          )}
          <ol className="rh-list">
            {items.map((item) => (
              <li key={item.revision} className={item.revision === chosen ? "rh-item rh-chosen" : "rh-item"}>
                <RevisionRow
                  recipeId={recipeId}
                  summary={item}
                  isNewest={item.revision === newest}
                  chosen={item.revision === chosen}
                  compare={compare}
                />
                {item.revision === chosen && (
                  <RevisionChanges
                    recipe={recipe.data}
                    revision={item.revision}
                    compare={compare}
                    isNewest={item.revision === newest}
                  />
                )}
              </li>
            ))}
          </ol>
          <LoadMore
            hasMore={revisions.hasNextPage && !revisions.isFetchNextPageError}
            loading={revisions.isFetchingNextPage}
            onLoad={() => void revisions.fetchNextPage()}
          />
        </>
      )}
    </div>
  );
}

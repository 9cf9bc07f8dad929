import { useInfiniteQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { ErrorState } from "../../../components/error-state.tsx";
import { LoadMore } from "../../../components/load-more.tsx";
import { Loading } from "../../../components/loading.tsx";
import { useT } from "../../../i18n/index.ts";
import { type RecipeFilters, recipeQueries } from "../../../lib/api/recipes.ts";
import { allItems } from "../../../lib/keyset.ts";
import { RecipeCard } from "./recipe-card.tsx";

/** A keyset-paged grid of recipe cards with its loading, empty and error states. */
export function RecipeResults({ filters, empty }: { filters: RecipeFilters; empty: ReactNode }) {
  const { t } = useT();
  const query = useInfiniteQuery(recipeQueries.list(filters));
  const recipes = allItems(query.data);

  if (query.isPending) return <Loading label={t("recipes.loadingRecipes")} />;
  if (query.isError && recipes.length === 0) {
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (recipes.length === 0) return <>{empty}</>;
  return (
    <>
      <ul className="card-grid" aria-busy={query.isPlaceholderData || undefined}>
        {recipes.map((recipe) => (
          <RecipeCard key={recipe.id} recipe={recipe} />
        ))}
      </ul>
      {query.isFetchNextPageError && (
        <ErrorState
          error={query.error}
          onRetry={() => void query.fetchNextPage()}
          title={t("recipes.moreNotLoaded")}
        />
      )}
      <LoadMore
        hasMore={query.hasNextPage && !query.isFetchNextPageError}
        loading={query.isFetchingNextPage}
        onLoad={() => void query.fetchNextPage()}
        label={t("recipes.showMore")}
      />
    </>
  );
}

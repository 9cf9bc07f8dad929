import type { UseInfiniteQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { allItems } from "../lib/keyset.ts";
import { EmptyState } from "./empty-state.tsx";
import { ErrorState } from "./error-state.tsx";
import { LoadMore } from "./load-more.tsx";
import { Loading } from "./loading.tsx";

/**
 * Any keyset-paged list (an infinite query) with its loading, error and empty states and "show more";
 * `children` renders one item.
 */
export function PagedList<T extends { id: number }>({
  query,
  empty,
  className = "list",
  ordered,
  children,
}: {
  query: UseInfiniteQueryResult<{ pages: { items: T[] }[] }>;
  empty: string;
  className?: string;
  /** The order means something (shelves in walking order): an ordered list. */
  ordered?: boolean;
  children: (item: T) => ReactNode;
}) {
  const items = allItems(query.data);
  if (query.isPending) return <Loading />;
  if (query.isError && items.length === 0)
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (items.length === 0) return <EmptyState title={empty} />;
  const List = ordered ? "ol" : "ul";
  return (
    <>
      <List className={className}>
        {items.map((item) => (
          <li key={item.id}>{children(item)}</li>
        ))}
      </List>
      <LoadMore
        hasMore={query.hasNextPage && !query.isFetchNextPageError}
        loading={query.isFetchingNextPage}
        onLoad={() => void query.fetchNextPage()}
      />
    </>
  );
}

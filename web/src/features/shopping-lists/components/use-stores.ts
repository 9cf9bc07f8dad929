import { useInfiniteQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { storeQueries } from "../../../lib/api/catalogue.ts";
import { allItems } from "../../../lib/keyset.ts";

/** Every page of a keyset list, loaded one after another (a picker needs them all). */
function useAllPages(query: {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => Promise<unknown>;
}) {
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);
}

/** All stores, for "the store you are in". */
export function useAllStores() {
  const query = useInfiniteQuery(storeQueries.list());
  useAllPages(query);
  return allItems(query.data);
}

/** All shelves of a store in walking order (for "found it here"); empty without a store. */
export function useAllShelves(storeId: number | null) {
  const query = useInfiniteQuery({ ...storeQueries.shelves(storeId ?? 0), enabled: storeId !== null });
  useAllPages(query);
  return allItems(query.data);
}

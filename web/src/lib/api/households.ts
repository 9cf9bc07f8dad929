/**
 * Households as several screens read them: the Household pages, and the "shared with" choices of the
 * shopping lists and the meal plan, which need every household one is in (a person is in a few at
 * most). The households' own changes are the households feature's (features/households/api/).
 */
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useAuth } from "../auth.ts";
import { allItems, keysetPaging } from "../keyset.ts";
import { api, call } from "./client.ts";
import type { paths } from "./schema";

/** A household as the API answers it: its members (owners first), and the caller's own `role`. */
export type Household =
  paths["/api/v1/households/{household_id}"]["get"]["responses"][200]["content"]["application/json"];
export type HouseholdMember = Household["members"][number];
export type HouseholdRole = HouseholdMember["role"];

export const householdQueries = {
  /** Every household read so far: what joining, leaving or deleting one makes stale. */
  all: ["households"] as const,
  /** The lists of one's households, whoever is signed in. */
  lists: () => [...householdQueries.all, "list"] as const,

  /** The households of the person signed in (by user id: another log-in never sees them), by name. */
  list: (userId: number) =>
    infiniteQueryOptions({
      queryKey: [...householdQueries.all, "list", userId] as const,
      queryFn: ({ pageParam, signal }) =>
        call(api.GET("/api/v1/households", { params: { query: { limit: 100, cursor: pageParam } }, signal })),
      ...keysetPaging,
    }),
};

/**
 * Every household the signed-in person is in, every page loaded (the choices need them all), with
 * the query for its loading and error states. Empty while loading, offline or signed out.
 */
export function useMyHouseholds() {
  const { session } = useAuth();
  const query = useInfiniteQuery({
    ...householdQueries.list(session?.userId ?? 0),
    enabled: session !== null,
  });
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);
  return { households: allItems(query.data), query };
}

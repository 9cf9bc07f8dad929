/**
 * What a store learned from its ticks (issue 43; the API's `GET /stores/<id>/learned-order`), read
 * for its page: the ingredients on no shelf, grouped by where they are found (the shelves before and
 * after them in the learned walk) and the shelf the API suggests for them (the nearer of the two).
 */
import { queryOptions } from "@tanstack/react-query";
import { storeQueries } from "../../../lib/api/catalogue.ts";
import { api, call } from "../../../lib/api/client.ts";

/**
 * The store's learned order. Under the store's keys, so whatever makes the store stale makes it
 * stale too; not long-lived like the rest of the catalogue: every trip through the store changes it.
 */
export const learnedOrderQuery = (storeId: number) =>
  queryOptions({
    queryKey: [...storeQueries.all, "learned-order", storeId] as const,
    queryFn: ({ signal }) =>
      call(
        api.GET("/api/v1/stores/{store_id}/learned-order", {
          params: { path: { store_id: storeId } },
          signal,
        }),
      ),
  });

export type LearnedOrder = Awaited<ReturnType<NonNullable<ReturnType<typeof learnedOrderQuery>["queryFn"]>>>;
export type LearnedItem = LearnedOrder["items"][number];

/**
 * Ingredients on no shelf found in one place of the walk: after the shelf `before` and before the
 * shelf `after` (null: the walk's start or end has no shelf there), with the shelf the API suggests.
 */
export type LearnedPlace = {
  before: number | null;
  after: number | null;
  shelf: number;
  items: LearnedItem[];
};

/**
 * The places of the ingredients on no shelf that have a suggested shelf, in walking order; those
 * between the same two shelves with the same suggestion together. One without a suggestion (no
 * ingredient of the walk is on a shelf) has no place to offer.
 */
export function learnedPlaces(items: readonly LearnedItem[]): LearnedPlace[] {
  const places: LearnedPlace[] = [];
  let before: number | null = null;
  items.forEach((item, index) => {
    if (item.shelf_id !== null) {
      before = item.shelf_id;
      return;
    }
    const shelf = item.suggested_shelf_id;
    if (shelf === null) return;
    const after = items.slice(index + 1).find((next) => next.shelf_id !== null)?.shelf_id ?? null;
    const place = places.find((p) => p.before === before && p.after === after && p.shelf === shelf);
    if (place) place.items.push(item);
    else places.push({ before, after, shelf, items: [item] });
  });
  return places;
}

/**
 * The API's lists page by keyset (`{items, next_cursor}`; the cursor goes back as `cursor`). Spread
 * into an infinite query's options; `allItems` flattens the pages loaded so far.
 */
export const keysetPaging = {
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (page: { next_cursor: string | null }) => page.next_cursor ?? undefined,
};

export const allItems = <T>(data: { pages: { items: T[] }[] } | undefined): T[] =>
  data?.pages.flatMap((page) => page.items) ?? [];

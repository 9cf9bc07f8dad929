/**
 * The catalogue's writes (ingredients, categories, stores, shelves), and what each one makes stale in
 * the query cache (lib/api/catalogue.ts, where creating an ingredient is too). Access follows the API:
 * ingredients and stores (with their shelves) by their owner or an admin, categories by admins.
 */
import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef } from "react";
import { forgetOwnNames } from "../../../i18n/food-names.ts";
import { categoryQueries, ingredientQueries, storeQueries } from "../../../lib/api/catalogue.ts";
import { api, call, type Schemas } from "../../../lib/api/client.ts";
import { recipeQueries } from "../../../lib/api/recipes.ts";

// ---- Ingredients ----

export const updateIngredient = (id: number, body: Schemas["IngredientUpdate"]) =>
  call(api.PUT("/api/v1/ingredients/{ingredient_id}", { params: { path: { ingredient_id: id } }, body }));

export const deleteIngredient = (id: number) =>
  call(api.DELETE("/api/v1/ingredients/{ingredient_id}", { params: { path: { ingredient_id: id } } }));

/**
 * The detail is the answer itself; every list (names show there), the shelves naming it and the
 * names ingredients go by in the reader's language (its other names may have changed) are stale.
 */
export function ingredientSaved(queryClient: QueryClient, ingredient: Schemas["IngredientRead"]) {
  queryClient.setQueryData(ingredientQueries.detail(ingredient.id).queryKey, ingredient);
  forgetOwnNames();
  void queryClient.invalidateQueries({ queryKey: ingredientQueries.lists() });
  void queryClient.invalidateQueries({ queryKey: storeQueries.allShelves() });
}

export function ingredientDeleted(queryClient: QueryClient, id: number) {
  queryClient.removeQueries({ queryKey: ingredientQueries.detail(id).queryKey });
  forgetOwnNames();
  void queryClient.invalidateQueries({ queryKey: ingredientQueries.lists() });
  void queryClient.invalidateQueries({ queryKey: storeQueries.allShelves() });
}

export const mergeIngredient = (id: number, intoId: number) =>
  call(
    api.POST("/api/v1/ingredients/{ingredient_id}/merge", {
      params: { path: { ingredient_id: id } },
      body: { into_id: intoId },
    }),
  );

/** A merge changes the kept ingredient, recipes' lines and shopping lists: all of them are stale. */
export function ingredientMerged(queryClient: QueryClient, id: number, into: Schemas["IngredientRead"]) {
  ingredientDeleted(queryClient, id);
  ingredientSaved(queryClient, into);
  void queryClient.invalidateQueries({ queryKey: recipeQueries.all });
  void queryClient.invalidateQueries({ queryKey: ["shopping-lists"] });
}

// ---- Categories (admin) ----

export const createCategory = (body: Schemas["CategoryCreate"]) =>
  call(api.POST("/api/v1/categories", { body }));

export const updateCategory = (id: number, body: Schemas["CategoryUpdate"]) =>
  call(api.PUT("/api/v1/categories/{category_id}", { params: { path: { category_id: id } }, body }));

export const deleteCategory = (id: number) =>
  call(api.DELETE("/api/v1/categories/{category_id}", { params: { path: { category_id: id } } }));

export const mergeCategory = (id: number, intoId: number) =>
  call(
    api.POST("/api/v1/categories/{category_id}/merge", {
      params: { path: { category_id: id } },
      body: { into_id: intoId },
    }),
  );

/** Category names show on recipes too: those go stale with the list and the detail. */
export function categoriesChanged(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: categoryQueries.all });
  void queryClient.invalidateQueries({ queryKey: recipeQueries.all });
}

// ---- Stores ----

export const createStore = (body: Schemas["StoreCreate"]) => call(api.POST("/api/v1/stores", { body }));

export const updateStore = (id: number, body: Schemas["StoreUpdate"]) =>
  call(api.PUT("/api/v1/stores/{store_id}", { params: { path: { store_id: id } }, body }));

export const deleteStore = (id: number) =>
  call(api.DELETE("/api/v1/stores/{store_id}", { params: { path: { store_id: id } } }));

export function storeSaved(queryClient: QueryClient, store: Schemas["StoreRead"]) {
  queryClient.setQueryData(storeQueries.detail(store.id).queryKey, store);
  void queryClient.invalidateQueries({ queryKey: storeQueries.list().queryKey });
}

export function storeDeleted(queryClient: QueryClient, id: number) {
  queryClient.removeQueries({ queryKey: storeQueries.detail(id).queryKey });
  queryClient.removeQueries({ queryKey: storeQueries.shelves(id).queryKey });
  void queryClient.invalidateQueries({ queryKey: storeQueries.list().queryKey });
  void queryClient.invalidateQueries({ queryKey: ingredientQueries.allStores() });
}

// ---- Shelves ----

/** The ids of the store's shelves after `cursor` in walking order: those a paged list has not loaded. */
async function shelfIdsAfter(storeId: number, cursor: string): Promise<number[]> {
  const ids: number[] = [];
  for (let next: string | null = cursor; next !== null; ) {
    const page: { items: Schemas["ShelfRead"][]; next_cursor: string | null } = await call(
      api.GET("/api/v1/stores/{store_id}/shelves", {
        params: { path: { store_id: storeId }, query: { limit: 100, cursor: next } },
      }),
    );
    ids.push(...page.items.map((shelf) => shelf.id));
    next = page.next_cursor;
  }
  return ids;
}

/** Every shelf of the store, first to last, in one request: applied whole or not at all. */
const reorderShelves = (storeId: number, shelfIds: number[]) =>
  call(
    api.PUT("/api/v1/stores/{store_id}/shelves/order", {
      params: { path: { store_id: storeId } },
      body: { shelf_ids: shelfIds },
    }),
  );

export const createShelf = (storeId: number, body: Schemas["ShelfCreate"]) =>
  call(api.POST("/api/v1/stores/{store_id}/shelves", { params: { path: { store_id: storeId } }, body }));

export const updateShelf = (storeId: number, shelfId: number, body: Schemas["ShelfUpdate"]) =>
  call(
    api.PUT("/api/v1/stores/{store_id}/shelves/{shelf_id}", {
      params: { path: { store_id: storeId, shelf_id: shelfId } },
      body,
    }),
  );

export const deleteShelf = (storeId: number, shelfId: number) =>
  call(
    api.DELETE("/api/v1/stores/{store_id}/shelves/{shelf_id}", {
      params: { path: { store_id: storeId, shelf_id: shelfId } },
    }),
  );

/** The store's shelves, and "where to find it" on every ingredient page. */
export function shelvesChanged(queryClient: QueryClient, storeId: number) {
  void queryClient.invalidateQueries({ queryKey: storeQueries.shelves(storeId).queryKey });
  void queryClient.invalidateQueries({ queryKey: ingredientQueries.allStores() });
}

/** A new walking order: the loaded shelves as ordered, and the cursor after which the rest follow. */
export type ShelfOrder = { shelfIds: number[]; after: string | null };

/**
 * The store's shelves put in a new walking order, one move at a time in the order they were made.
 * The answer (every shelf, in the new order) becomes the list, unless a later move is on its way;
 * nothing applied (an error) shows the order the store has.
 */
export function useReorderShelves(storeId: number) {
  const queryClient = useQueryClient();
  // The order chosen last: an earlier answer arriving meanwhile does not replace it on screen.
  const latest = useRef<ShelfOrder | null>(null);
  const mutation = useMutation({
    scope: { id: `shelves-order-${storeId}` },
    mutationFn: async ({ shelfIds, after }: ShelfOrder) => {
      // The order names every shelf: those not loaded yet come after the loaded ones in the walk.
      const rest = after === null ? [] : await shelfIdsAfter(storeId, after);
      return reorderShelves(storeId, [...shelfIds, ...rest]);
    },
    onSuccess: (page, order) => {
      if (order === latest.current) {
        queryClient.setQueryData(storeQueries.shelves(storeId).queryKey, {
          pages: [page],
          pageParams: [undefined],
        });
      }
      void queryClient.invalidateQueries({ queryKey: ingredientQueries.allStores() });
    },
    onError: () => shelvesChanged(queryClient, storeId),
  });
  return {
    ...mutation,
    mutate: (order: ShelfOrder, options?: Parameters<typeof mutation.mutate>[1]) => {
      latest.current = order;
      mutation.mutate(order, options);
    },
  };
}

/** A change to one shelf (its ingredients placed or taken off, moved from another shelf). */
export function useUpdateShelf(storeId: number, shelfId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Schemas["ShelfUpdate"]) => updateShelf(storeId, shelfId, body),
    onSuccess: () => shelvesChanged(queryClient, storeId),
  });
}

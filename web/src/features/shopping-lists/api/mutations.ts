/**
 * The changes to shopping lists that need the API at once (create, rename, delete, set the list's
 * store, clear checked, add or take back a recipe or a week of meals, place an ingredient on a shelf)
 * and say so when it cannot be reached (`networkMode: "always"`). Those answered with the whole list
 * put it into the cache as this device walks it (`putWholeList`). Check-offs, additions and removals
 * of items work offline instead: offline-queue.ts.
 */
import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { ingredientQueries, storeQueries } from "../../../lib/api/catalogue.ts";
import { api, call, type Schemas } from "../../../lib/api/client.ts";
import type { ShoppingList } from "../lib/list.ts";
import { readInMeasures, shoppingListQueries } from "./queries.ts";
import { asWalkedHere } from "./store-choice.ts";

const online = { networkMode: "always" } as const;

export function useCreateList() {
  const queryClient = useQueryClient();
  return useMutation({
    ...online,
    mutationFn: (body: Schemas["ShoppingListCreate"]) => call(api.POST("/api/v1/shopping-lists", { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shoppingListQueries.list().queryKey }),
  });
}

/**
 * A whole list as the API answered it (walked in the list's own store, amounts as written) into the
 * cache, as this device walks it: a device that chose another store reads it again in that one
 * (store-choice.ts), so that adding a recipe, say, does not re-sort its screen into the list's store;
 * and a person who reads amounts in metric or US reads it again in those.
 */
function putWholeList(queryClient: QueryClient, list: ShoppingList) {
  const { queryKey } = shoppingListQueries.detail(list.id);
  const shown = readInMeasures(queryClient) ? null : asWalkedHere(list);
  if (shown) queryClient.setQueryData(queryKey, shown);
  else void queryClient.invalidateQueries({ queryKey });
}

/** Rename, or set the list's own store (PUT store_id: the default of every device that chose none). */
export function useUpdateList(listId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    ...online,
    mutationFn: (body: Schemas["ShoppingListUpdate"]) =>
      call(api.PUT("/api/v1/shopping-lists/{list_id}", { params: { path: { list_id: listId } }, body })),
    onSuccess: (list) => {
      putWholeList(queryClient, list);
      void queryClient.invalidateQueries({ queryKey: shoppingListQueries.list().queryKey });
    },
  });
}

export function useDeleteList() {
  const queryClient = useQueryClient();
  return useMutation({
    ...online,
    mutationFn: (listId: number) =>
      call(api.DELETE("/api/v1/shopping-lists/{list_id}", { params: { path: { list_id: listId } } })),
    onSuccess: (_data, listId) => {
      queryClient.removeQueries({ queryKey: shoppingListQueries.detail(listId).queryKey });
      void queryClient.invalidateQueries({ queryKey: shoppingListQueries.list().queryKey });
    },
  });
}

export function useClearChecked(listId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    ...online,
    mutationFn: () =>
      call(
        api.DELETE("/api/v1/shopping-lists/{list_id}/items", {
          params: { path: { list_id: listId }, query: { checked: "true" } },
        }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: shoppingListQueries.detail(listId).queryKey }),
  });
}

/** Adds a recipe at some servings; `expand` makes (rather than buys) what the recipe's doughs are. */
export function useAddRecipe() {
  const queryClient = useQueryClient();
  return useMutation({
    ...online,
    mutationFn: ({ listId, ...body }: { listId: number } & Schemas["ShoppingListRecipeCreate"]) =>
      call(
        api.POST("/api/v1/shopping-lists/{list_id}/recipes", { params: { path: { list_id: listId } }, body }),
      ),
    onSuccess: (list) => putWholeList(queryClient, list),
  });
}

/** Takes a recipe back off a list: the API removes exactly what it added (hand-set amounts stay). */
export function useTakeBackRecipe(listId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    ...online,
    mutationFn: (recipeId: number) =>
      call(
        api.DELETE("/api/v1/shopping-lists/{list_id}/recipes/{recipe_id}", {
          params: { path: { list_id: listId, recipe_id: recipeId } },
        }),
      ),
    onSuccess: (list) => putWholeList(queryClient, list),
  });
}

/** Adds every meal planned between two days (their recipes at their servings). */
export function useAddMealPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    ...online,
    mutationFn: ({ listId, ...body }: { listId: number } & Schemas["ShoppingListMealPlanCreate"]) =>
      call(
        api.POST("/api/v1/shopping-lists/{list_id}/meal-plan", {
          params: { path: { list_id: listId } },
          body,
        }),
      ),
    onSuccess: (list) => putWholeList(queryClient, list),
  });
}

/**
 * "Found it here": puts an ingredient on a shelf of the store (the shelf's whole list of ingredients
 * is sent, as the shelves API takes it), so the next walk meets it in order.
 */
export function usePlaceOnShelf(listId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    ...online,
    mutationFn: ({ shelf, ingredientId }: { shelf: Schemas["ShelfRead"]; ingredientId: number }) =>
      call(
        api.PUT("/api/v1/stores/{store_id}/shelves/{shelf_id}", {
          params: { path: { store_id: shelf.store_id, shelf_id: shelf.id } },
          body: { ingredient_ids: [...new Set([...shelf.ingredient_ids, ingredientId])] },
        }),
      ),
    onSuccess: (shelf) => {
      void queryClient.invalidateQueries({ queryKey: storeQueries.shelves(shelf.store_id).queryKey });
      void queryClient.invalidateQueries({ queryKey: ingredientQueries.all });
      return queryClient.invalidateQueries({ queryKey: shoppingListQueries.detail(listId).queryKey });
    },
  });
}

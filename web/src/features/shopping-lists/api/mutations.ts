/**
 * Changes to shopping lists. Check-offs, additions and removals of items work offline: they are mutations whose
 * functions are registered once on the query client (setMutationDefaults), so a change kept in
 * IndexedDB can be sent after a reload; they pause while offline and run one after another per list
 * (`scope`), in the order they were made. Replaying one is safe: the same PUT twice changes nothing
 * more, and an item or list deleted meanwhile (404) is dropped quietly.
 *
 * The other changes (create, rename, delete, pick a store, clear checked, add or take back a recipe)
 * need the API at once and say so when it cannot be reached (`networkMode: "always"`).
 */
import { type QueryClient, useMutation, useMutationState, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { ingredientQueries, storeQueries } from "../../../lib/api/catalogue.ts";
import { api, call, type Schemas } from "../../../lib/api/client.ts";
import { noticeUnreachable } from "../../../lib/connection.ts";
import { ApiError } from "../../../lib/errors.ts";
import { type Item, type ShoppingList, withItemAdded, withItemChecked, withoutItem } from "../lib/list.ts";
import { shoppingListQueries } from "./queries.ts";

export type CheckItem = { listId: number; itemId: number; checked: boolean };
export type AddItem = { listId: number; tempId: number; body: Schemas["ShoppingListItemCreate"] };
export type RemoveItem = { listId: number; itemId: number };

const CHECK_KEY = [...shoppingListQueries.all, "check-item"] as const;
const ADD_KEY = [...shoppingListQueries.all, "add-item"] as const;
const REMOVE_KEY = [...shoppingListQueries.all, "remove-item"] as const;

/** A 404 means the item (or the whole list) was deleted meanwhile: nothing left to change. */
async function unlessGone<T>(request: Promise<T>): Promise<T | null> {
  try {
    return await request;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/**
 * No time limit: a change waits while the API cannot be reached (lib/connection.ts pauses it until the
 * API answers again), while the session has run out (401) until the person logs in again, and while
 * the service is busy or down for a moment (408, 429, 5xx); any other answer (403, 422) is final.
 */
const keepTrying = {
  retry: (_failures: number, error: unknown) => {
    noticeUnreachable(error);
    if (!(error instanceof ApiError)) return false;
    const { status } = error;
    return error.unreachable || status === 401 || status === 408 || status === 429 || status >= 500;
  },
  retryDelay: (failures: number) => Math.min(1000 * 2 ** failures, 30_000),
};

/** Writes into the cached list (cancelling a read in flight, which would bring the old state back). */
async function updateCached(
  queryClient: QueryClient,
  listId: number,
  update: (list: ShoppingList) => ShoppingList,
) {
  const { queryKey } = shoppingListQueries.detail(listId);
  await queryClient.cancelQueries({ queryKey });
  queryClient.setQueryData(queryKey, (list) => (list ? update(list) : list));
}

/** After the last waiting change of a list went out, read the list again (merges, other devices). */
function refreshWhenSettled(queryClient: QueryClient, listId: number) {
  if (queryClient.isMutating({ mutationKey: shoppingListQueries.all }) <= 1) {
    void queryClient.invalidateQueries({ queryKey: shoppingListQueries.detail(listId).queryKey });
  }
}

/** Registers the functions of the offline changes; call once, before the kept cache is restored. */
export function registerShoppingListMutations(queryClient: QueryClient) {
  queryClient.setMutationDefaults<Item | null, Error, CheckItem>(CHECK_KEY, {
    ...keepTrying,
    mutationFn: ({ listId, itemId, checked }: CheckItem) =>
      unlessGone(
        call(
          api.PUT("/api/v1/shopping-lists/{list_id}/items/{item_id}", {
            params: { path: { list_id: listId, item_id: itemId } },
            body: { checked },
          }),
        ),
      ),
    onMutate: ({ listId, itemId, checked }: CheckItem) =>
      updateCached(queryClient, listId, (list) => withItemChecked(list, itemId, checked)),
    onSuccess: (item: Item | null, { listId, itemId }: CheckItem) => {
      if (item === null) void updateCached(queryClient, listId, (list) => withoutItem(list, itemId));
    },
    onSettled: (_data: unknown, _error: unknown, { listId }: CheckItem) =>
      refreshWhenSettled(queryClient, listId),
  });

  queryClient.setMutationDefaults<Item | null, Error, AddItem>(ADD_KEY, {
    ...keepTrying,
    mutationFn: ({ listId, body }: AddItem) =>
      unlessGone(
        call(
          api.POST("/api/v1/shopping-lists/{list_id}/items", { params: { path: { list_id: listId } }, body }),
        ),
      ),
    onMutate: (add: AddItem) => updateCached(queryClient, add.listId, (list) => withAdded(list, add)),
    onSettled: (_data: unknown, _error: unknown, { listId }: AddItem) =>
      refreshWhenSettled(queryClient, listId),
  });

  queryClient.setMutationDefaults<null, Error, RemoveItem>(REMOVE_KEY, {
    ...keepTrying,
    mutationFn: async ({ listId, itemId }: RemoveItem) => {
      await unlessGone(
        call(
          api.DELETE("/api/v1/shopping-lists/{list_id}/items/{item_id}", {
            params: { path: { list_id: listId, item_id: itemId } },
          }),
        ),
      );
      return null;
    },
    onMutate: ({ listId, itemId }: RemoveItem) =>
      updateCached(queryClient, listId, (list) => withoutItem(list, itemId)),
    onSettled: (_data: unknown, _error: unknown, { listId }: RemoveItem) =>
      refreshWhenSettled(queryClient, listId),
  });
}

/** The list with an item added offline, under its provisional id (once: a second apply is no change). */
function withAdded(list: ShoppingList, { tempId, body }: AddItem): ShoppingList {
  if (list.sections.some((s) => s.items.some((i) => i.id === tempId))) return list;
  const now = new Date().toISOString();
  return withItemAdded(list, {
    id: tempId,
    ingredient_id: body.ingredient_id ?? null,
    name: body.name ?? "",
    amount_grams: body.amount_grams ?? null,
    amount_readable: body.amount_readable ?? "",
    checked: false,
    grams_per_piece: null,
    recipe_ids: [],
    version: 0,
    updated_by: null,
    created_at: now,
    updated_at: now,
  });
}

type Waiting =
  | { key: "check"; change: CheckItem }
  | { key: "add"; change: AddItem }
  | { key: "remove"; change: RemoveItem };

/**
 * The list as the person should see it: the copy read last with the changes still waiting to be sent
 * applied on top, in the order they were made. A read that answers meanwhile cannot undo a
 * check-off: offline the service worker answers with its older copy of the list, and online a read
 * may overtake the changes on their way.
 */
export function useWithWaitingChanges(list: ShoppingList): ShoppingList {
  const waiting = useMutationState({
    filters: { mutationKey: shoppingListQueries.all, status: "pending" },
    select: (m): Waiting | null => {
      const key = m.options.mutationKey?.[1];
      const change = m.state.variables as { listId?: number } | undefined;
      if (change?.listId !== list.id) return null;
      if (key === CHECK_KEY[1]) return { key: "check", change: change as CheckItem };
      if (key === ADD_KEY[1]) return { key: "add", change: change as AddItem };
      if (key === REMOVE_KEY[1]) return { key: "remove", change: change as RemoveItem };
      return null;
    },
  });
  return useMemo(
    () =>
      waiting.reduce((shown, w) => {
        if (w?.key === "check") return withItemChecked(shown, w.change.itemId, w.change.checked);
        if (w?.key === "add") return withAdded(shown, w.change);
        if (w?.key === "remove") return withoutItem(shown, w.change.itemId);
        return shown;
      }, list),
    [list, waiting],
  );
}

/** One queue per list: its changes reach the API in the order they were made. */
const scope = (listId: number) => ({ id: `shopping-list-${listId}` });

export function useCheckItem(listId: number) {
  return useMutation<Item | null, Error, CheckItem>({ mutationKey: CHECK_KEY, scope: scope(listId) });
}

export function useRemoveItem(listId: number) {
  return useMutation<null, Error, RemoveItem>({ mutationKey: REMOVE_KEY, scope: scope(listId) });
}

/** A provisional id for an item the API has not numbered yet (negative, so it never meets a real one). */
let lastTempId = 0;
export function useAddItem(listId: number) {
  const mutation = useMutation<Item | null, Error, AddItem>({ mutationKey: ADD_KEY, scope: scope(listId) });
  return {
    ...mutation,
    add: (body: Schemas["ShoppingListItemCreate"]) => {
      lastTempId = Math.min(lastTempId, -Date.now()) - 1;
      mutation.mutate({ listId, tempId: lastTempId, body });
    },
  };
}

// ---- Changes that need the API at once ------------------------------------------------------------

const online = { networkMode: "always" } as const;

export function useCreateList() {
  const queryClient = useQueryClient();
  return useMutation({
    ...online,
    mutationFn: (body: Schemas["ShoppingListCreate"]) => call(api.POST("/api/v1/shopping-lists", { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shoppingListQueries.list().queryKey }),
  });
}

/** Rename, or pick the store the list walks (remembered on the list: PUT store_id). */
export function useUpdateList(listId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    ...online,
    mutationFn: (body: Schemas["ShoppingListUpdate"]) =>
      call(api.PUT("/api/v1/shopping-lists/{list_id}", { params: { path: { list_id: listId } }, body })),
    onSuccess: (list) => {
      queryClient.setQueryData(shoppingListQueries.detail(listId).queryKey, list);
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
    onSuccess: (list) => queryClient.setQueryData(shoppingListQueries.detail(list.id).queryKey, list),
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
    onSuccess: (list) => queryClient.setQueryData(shoppingListQueries.detail(list.id).queryKey, list),
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
    onSuccess: (list) => queryClient.setQueryData(shoppingListQueries.detail(list.id).queryKey, list),
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

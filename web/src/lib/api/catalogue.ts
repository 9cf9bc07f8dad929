/**
 * The catalogue (categories, ingredients, stores and their shelves) as every screen reads it: the
 * catalogue's own pages, the recipe filters and editor, the shopping lists in store mode. Its writes
 * are the catalogue's (features/catalogue/api/mutations.ts), but for creating an ingredient, which
 * the ingredient picker (hooks/use-create-ingredient.ts) and an import do too.
 */
import { infiniteQueryOptions, keepPreviousData, queryOptions } from "@tanstack/react-query";
import { ApiError } from "../errors.ts";
import { keysetPaging } from "../keyset.ts";
import { api, call, type Schemas } from "./client.ts";

const LONG = 5 * 60_000; // the catalogue changes rarely

export const categoryQueries = {
  all: ["categories"] as const,

  list: () =>
    infiniteQueryOptions({
      queryKey: [...categoryQueries.all, "list"] as const,
      queryFn: ({ pageParam, signal }) =>
        call(api.GET("/api/v1/categories", { params: { query: { limit: 100, cursor: pageParam } }, signal })),
      ...keysetPaging,
      staleTime: LONG,
    }),

  detail: (id: number) =>
    queryOptions({
      queryKey: [...categoryQueries.all, "detail", id] as const,
      queryFn: ({ signal }) =>
        call(api.GET("/api/v1/categories/{category_id}", { params: { path: { category_id: id } }, signal })),
      staleTime: LONG,
    }),
};

export const ingredientQueries = {
  all: ["ingredients"] as const,
  /** Every search of the ingredients. */
  lists: () => [...ingredientQueries.all, "list"] as const,
  /** "Where to find it" of every ingredient. */
  allStores: () => [...ingredientQueries.all, "stores"] as const,

  list: (q?: string) =>
    infiniteQueryOptions({
      queryKey: [...ingredientQueries.lists(), q ?? ""] as const,
      queryFn: ({ pageParam, signal }) =>
        call(
          api.GET("/api/v1/ingredients", { params: { query: { q, limit: 30, cursor: pageParam } }, signal }),
        ),
      ...keysetPaging,
      placeholderData: keepPreviousData,
      staleTime: LONG,
    }),

  detail: (id: number) =>
    queryOptions({
      queryKey: [...ingredientQueries.all, "detail", id] as const,
      queryFn: ({ signal }) =>
        call(
          api.GET("/api/v1/ingredients/{ingredient_id}", { params: { path: { ingredient_id: id } }, signal }),
        ),
      staleTime: LONG,
    }),

  /** The stores that stock it, each with the shelf it is on. */
  stores: (id: number) =>
    infiniteQueryOptions({
      queryKey: [...ingredientQueries.allStores(), id] as const,
      queryFn: ({ pageParam, signal }) =>
        call(
          api.GET("/api/v1/ingredients/{ingredient_id}/stores", {
            params: { path: { ingredient_id: id }, query: { limit: 50, cursor: pageParam } },
            signal,
          }),
        ),
      ...keysetPaging,
      staleTime: LONG,
    }),
};

export const storeQueries = {
  all: ["stores"] as const,
  /** The shelves of every store. */
  allShelves: () => [...storeQueries.all, "shelves"] as const,

  list: () =>
    infiniteQueryOptions({
      queryKey: [...storeQueries.all, "list"] as const,
      queryFn: ({ pageParam, signal }) =>
        call(api.GET("/api/v1/stores", { params: { query: { limit: 30, cursor: pageParam } }, signal })),
      ...keysetPaging,
      staleTime: LONG,
    }),

  detail: (id: number) =>
    queryOptions({
      queryKey: [...storeQueries.all, "detail", id] as const,
      queryFn: ({ signal }) =>
        call(api.GET("/api/v1/stores/{store_id}", { params: { path: { store_id: id } }, signal })),
      staleTime: LONG,
    }),

  /** Shelves in walking order (the API sorts by position). */
  shelves: (id: number) =>
    infiniteQueryOptions({
      queryKey: [...storeQueries.allShelves(), id] as const,
      queryFn: ({ pageParam, signal }) =>
        call(
          api.GET("/api/v1/stores/{store_id}/shelves", {
            params: { path: { store_id: id }, query: { limit: 100, cursor: pageParam } },
            signal,
          }),
        ),
      ...keysetPaging,
      staleTime: LONG,
    }),
};

export const createIngredient = (body: Schemas["IngredientCreate"]) =>
  call(api.POST("/api/v1/ingredients", { body }));

/**
 * The ingredient named `name`: created, or, when the name is taken (409, ignoring case and plural by
 * the service's own rule: `bay leaf` is `Bay leaves`), the one that has it, by the id the 409 names.
 */
export async function ingredientNamed(name: string): Promise<Schemas["IngredientRead"]> {
  try {
    return await createIngredient({ name: name.trim() });
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 409 || error.existingId === undefined) throw error;
    const id = error.existingId;
    return call(api.GET("/api/v1/ingredients/{ingredient_id}", { params: { path: { ingredient_id: id } } }));
  }
}

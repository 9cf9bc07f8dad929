/**
 * What was cooked: the log (the cook's own and their households', newest first, keyset pages) and
 * its writes. Noting a meal or removing one changes the recipe's "last made" and "times" (lib/api/
 * recipes.ts markRecipe) and the lists ordered by them.
 */
import { infiniteQueryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, call } from "../../../lib/api/client.ts";
import { markRecipe, recipeMarksSettled } from "../../../lib/api/recipes.ts";
import type { paths } from "../../../lib/api/schema";
import { keysetPaging } from "../../../lib/keyset.ts";

const PAGE_SIZE = 20;

/** One entry of the log, with its recipe's title and preview picture. */
export type CookedEntry =
  paths["/api/v1/cooked/{cooked_id}"]["get"]["responses"][200]["content"]["application/json"];
export type CookedCreate = NonNullable<
  paths["/api/v1/recipes/{recipe_id}/cooked"]["post"]["requestBody"]
>["content"]["application/json"];

export const cookedQueries = {
  all: ["cooked"] as const,

  /** The log of the person signed in (by user id: another log-in never sees it). */
  list: (userId: number) =>
    infiniteQueryOptions({
      queryKey: [...cookedQueries.all, "list", userId] as const,
      queryFn: ({ pageParam, signal }) =>
        call(
          api.GET("/api/v1/cooked", { params: { query: { limit: PAGE_SIZE, cursor: pageParam } }, signal }),
        ),
      ...keysetPaging,
    }),
};

const online = { networkMode: "always" } as const;

/** The later of two days (`YYYY-MM-DD` compares as text), either may be missing. */
const later = (a: string | null | undefined, b: string): string => (a && a > b ? a : b);

/** "I made this": notes the recipe as cooked; its page says so at once. */
export function useMarkCooked(recipeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    ...online,
    mutationFn: (body: CookedCreate) =>
      call(
        api.POST("/api/v1/recipes/{recipe_id}/cooked", { params: { path: { recipe_id: recipeId } }, body }),
      ),
    onSuccess: (entry) => {
      markRecipe(queryClient, recipeId, (recipe) => ({
        ...recipe,
        last_cooked: later(recipe.last_cooked, entry.date),
        times_cooked: (recipe.times_cooked ?? 0) + 1,
      }));
      recipeMarksSettled(queryClient, recipeId);
      void queryClient.invalidateQueries({ queryKey: cookedQueries.all });
    },
  });
}

/** Takes an entry out of the log (its maker, or an admin). */
export function useRemoveCooked() {
  const queryClient = useQueryClient();
  return useMutation({
    ...online,
    mutationFn: (entry: CookedEntry) =>
      call(api.DELETE("/api/v1/cooked/{cooked_id}", { params: { path: { cooked_id: entry.id } } })),
    onSuccess: (_answer, entry) => {
      // Which day is now the last one only the API knows: the recipe is read again.
      recipeMarksSettled(queryClient, entry.recipe_id, true);
      return queryClient.invalidateQueries({ queryKey: cookedQueries.all });
    },
  });
}

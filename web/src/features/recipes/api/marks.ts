/**
 * What the signed-in cook does with a recipe besides cooking it: a favourite (the heart) and stars.
 * Both show at once on every read and card of the recipe in the cache (lib/api/recipes.ts
 * markRecipe), go back as they were when the write fails, and make the lists ordered or filtered by
 * them stale once settled.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, call, type Schemas } from "../../../lib/api/client.ts";
import {
  markRecipe,
  recipeMarksSettled,
  recipeQueries,
  restoreRecipeMarks,
} from "../../../lib/api/recipes.ts";

type Rating = Schemas["RatingSummary"];

const online = { networkMode: "always" } as const;

/** Makes a recipe a favourite (`true`) or takes it off (`false`). */
export function useFavourite(recipeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    ...online,
    // One after another: a quick second press must land after the first, as the screen shows it.
    scope: { id: `favourite-${recipeId}` },
    mutationFn: (favourite: boolean) => {
      const params = { params: { path: { recipe_id: recipeId } } };
      return call(
        favourite
          ? api.PUT("/api/v1/recipes/{recipe_id}/favourite", params)
          : api.DELETE("/api/v1/recipes/{recipe_id}/favourite", params),
      );
    },
    onMutate: async (favourite) => {
      await queryClient.cancelQueries({ queryKey: recipeQueries.recipe(recipeId) });
      return markRecipe(queryClient, recipeId, (recipe) => ({ ...recipe, favourite }));
    },
    onError: (_error, _favourite, before) => {
      if (before) restoreRecipeMarks(queryClient, before);
    },
    onSettled: () => recipeMarksSettled(queryClient, recipeId),
  });
}

/**
 * Everyone's rating with the cook's own stars changed to `mine` (null: taken back). The average is
 * worked out from the one shown (rounded to a decimal), so it is near; the recipe is read again
 * afterwards for the API's own.
 */
export function withMyStars(rating: Rating, mine: number | null): Rating {
  const total = (rating.average ?? 0) * rating.count - (rating.mine ?? 0) + (mine ?? 0);
  const count = rating.count - (rating.mine === null ? 0 : 1) + (mine === null ? 0 : 1);
  return { mine, count, average: count === 0 ? null : Math.round((total / count) * 10) / 10 };
}

/** Gives the recipe `stars` (1–5), or takes the cook's rating back with `null`. */
export function useRate(recipeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    ...online,
    scope: { id: `rating-${recipeId}` },
    mutationFn: async (stars: number | null) => {
      const params = { params: { path: { recipe_id: recipeId } } };
      if (stars === null) await call(api.DELETE("/api/v1/recipes/{recipe_id}/rating", params));
      else await call(api.PUT("/api/v1/recipes/{recipe_id}/rating", { ...params, body: { stars } }));
    },
    onMutate: async (stars) => {
      await queryClient.cancelQueries({ queryKey: recipeQueries.recipe(recipeId) });
      return markRecipe(queryClient, recipeId, (recipe) => ({
        ...recipe,
        rating: withMyStars(recipe.rating, stars),
      }));
    },
    onError: (_error, _stars, before) => {
      if (before) restoreRecipeMarks(queryClient, before);
    },
    onSettled: () => recipeMarksSettled(queryClient, recipeId, true),
  });
}

/** Restoring a revision: the recipe becomes what it was then, kept as a new revision (history is never rewritten). */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, call } from "../../../lib/api/client.ts";
import { recipeSaved } from "../../../lib/api/recipe-saved.ts";

export function useRestoreRevision(recipeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (revision: number) =>
      call(
        api.POST("/api/v1/recipes/{recipe_id}/revisions/{revision}/restore", {
          params: { path: { recipe_id: recipeId, revision } },
        }),
      ),
    onSuccess: (recipe) => recipeSaved(queryClient, recipe),
  });
}

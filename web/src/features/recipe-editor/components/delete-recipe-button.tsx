/** Delete a recipe, after a confirmation that says what goes with it. */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { errorMessage } from "../../../lib/errors.ts";
import { deleteRecipe, recipeDeleted } from "../api/mutations.ts";

export function DeleteRecipeButton({
  recipe,
  onDeleted,
}: {
  recipe: { id: number; title: string };
  /** Runs before the page moves on (the editor lets go of its unsaved-changes guard here). */
  onDeleted?: () => void;
}) {
  const [asking, setAsking] = useState(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const remove = useMutation({
    mutationFn: () => deleteRecipe(recipe.id),
    onSuccess: () => {
      onDeleted?.();
      setAsking(false);
      recipeDeleted(queryClient, recipe.id);
      void navigate({ to: "/my-recipes" });
    },
  });
  return (
    <>
      <button
        type="button"
        className="button button-quiet button-danger"
        onClick={() => {
          remove.reset();
          setAsking(true);
        }}
      >
        Delete recipe
      </button>
      <ConfirmDialog
        open={asking}
        title={`Delete “${recipe.title}”?`}
        confirmLabel={remove.isPending ? "Deleting…" : "Delete recipe"}
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
        onCancel={() => setAsking(false)}
      >
        <p>Its ingredient lines, steps, categories and picture go with it. This cannot be undone.</p>
        {remove.isError && (
          <p className="notice notice-error" role="alert">
            {errorMessage(remove.error)}
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}

/** Delete a recipe, after a confirmation that says what goes with it. */
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { DeleteButton } from "../../../components/delete-button.tsx";
import { deleteRecipe, recipeDeleted } from "../api/mutations.ts";

export function DeleteRecipeButton({
  recipe,
  onDeleted,
}: {
  recipe: { id: number; title: string };
  /** Runs before the page moves on (the editor lets go of its unsaved-changes guard here). */
  onDeleted?: () => void;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (
    <DeleteButton
      label="Delete recipe"
      title={`Delete “${recipe.title}”?`}
      action={() => deleteRecipe(recipe.id)}
      onDeleted={() => {
        onDeleted?.();
        recipeDeleted(queryClient, recipe.id);
        void navigate({ to: "/my-recipes" });
      }}
    >
      <p>Its ingredient lines, steps, categories and picture go with it. This cannot be undone.</p>
    </DeleteButton>
  );
}

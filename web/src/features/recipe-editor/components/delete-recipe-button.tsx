/** Delete a recipe, after a confirmation that says what goes with it. */
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { DeleteButton } from "../../../components/delete-button.tsx";
import { useT } from "../../../i18n/index.ts";
import { deleteRecipe, recipeDeleted } from "../api/delete-recipe.ts";

export function DeleteRecipeButton({
  recipe,
  onDeleted,
}: {
  recipe: { id: number; title: string };
  /** Runs before the page moves on (the editor lets go of its unsaved-changes guard here). */
  onDeleted?: () => void;
}) {
  const { t } = useT();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (
    <DeleteButton
      label={t("recipe-editor.deleteRecipe")}
      title={t("recipe-editor.deleteTitle", { title: recipe.title })}
      action={() => deleteRecipe(recipe.id)}
      onDeleted={() => {
        onDeleted?.();
        recipeDeleted(queryClient, recipe.id);
        void navigate({ to: "/my-recipes" });
      }}
    >
      <p>{t("recipe-editor.deleteText")}</p>
    </DeleteButton>
  );
}

/** Edit and Delete on a recipe's page, shown only to its owner and to admins (the API's rule). */
import { Link } from "@tanstack/react-router";
import { useT } from "../../../i18n/index.ts";
import { useAuth } from "../../../lib/auth.ts";
import { mayEdit } from "../../../lib/may-edit.ts";
import { DeleteRecipeButton } from "./delete-recipe-button.tsx";

export function RecipeOwnerActions({ recipe }: { recipe: { id: number; title: string; user_id: number } }) {
  const { t } = useT();
  const { session } = useAuth();
  if (!mayEdit(session, recipe.user_id)) return null;
  return (
    <>
      <Link
        to="/recipes/$recipeId/edit"
        params={{ recipeId: String(recipe.id) }}
        className="button button-quiet"
      >
        {t("recipe-editor.editRecipe")}
      </Link>
      <DeleteRecipeButton recipe={recipe} />
    </>
  );
}

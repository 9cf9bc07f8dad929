/** Change a recipe: its owner or an admin; anyone else is told so instead of meeting a form that fails. */
import { Link, useParams } from "@tanstack/react-router";
import { ErrorState } from "../../../components/error-state.tsx";
import { Loading } from "../../../components/loading.tsx";
import { NotFoundPage } from "../../../components/not-found-page.tsx";
import { useDocumentTitle } from "../../../hooks/use-document-title.ts";
import { useRecipe } from "../../../hooks/use-recipe.ts";
import { useT } from "../../../i18n/index.ts";
import { useAuth } from "../../../lib/auth.ts";
import { isNotFound } from "../../../lib/errors.ts";
import { mayEdit } from "../../../lib/may-edit.ts";
import { RecipeEditor } from "../components/recipe-editor.tsx";

export function EditRecipePage() {
  const { t } = useT();
  const { recipeId } = useParams({ from: "/recipes/$recipeId/edit" });
  const { query, invalidId } = useRecipe(recipeId, undefined);
  const { session } = useAuth();
  const recipe = query.data;
  useDocumentTitle(
    recipe ? t("recipe-editor.editTitle", { title: recipe.title }) : t("recipe-editor.editRecipe"),
  );

  if (invalidId || isNotFound(query.error)) return <NotFoundPage />;
  if (query.isPending) return <Loading label={t("recipe-editor.loadingRecipe")} />;
  if (!recipe) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;

  return (
    <div className="page editor-page">
      <h1>{t("recipe-editor.editHeading", { title: recipe.title })}</h1>
      {session && !mayEdit(session, recipe.user_id) ? (
        <div className="notice" role="status">
          <p>{t("recipe-editor.notYours")}</p>
          <Link to="/recipes/$recipeId" params={{ recipeId }}>
            {t("recipe-editor.backToRecipe")}
          </Link>
        </div>
      ) : (
        // A fresh form per recipe; the same recipe re-read after a save keeps its form.
        <RecipeEditor key={recipe.id} recipe={recipe} />
      )}
    </div>
  );
}

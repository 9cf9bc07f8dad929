/** Change an ingredient: whoever added it, or an admin; anyone else is told so. */
import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "@tanstack/react-router";
import { NotFoundPage } from "../../../app/pages.tsx";
import { ErrorState } from "../../../components/error-state.tsx";
import { Loading } from "../../../components/loading.tsx";
import { useDocumentTitle } from "../../../components/use-document-title.ts";
import { useAuth } from "../../../lib/auth.ts";
import { isNotFound } from "../../../lib/errors.ts";
import { mayEdit } from "../../../lib/may-edit.ts";
import { positiveInt } from "../../../lib/search.ts";
import { recipeQueries } from "../../recipes/api/queries.ts";
import { ingredientQueries } from "../api/queries.ts";
import { IngredientEditor } from "../components/ingredient-form.tsx";
import { NotAllowed } from "../components/not-allowed.tsx";
import { fromIngredient } from "../lib/forms.ts";

export function EditIngredientPage() {
  const { ingredientId } = useParams({ from: "/ingredients/$ingredientId/edit" });
  const id = positiveInt(ingredientId) ?? 0;
  const { session } = useAuth();
  const query = useQuery({ ...ingredientQueries.detail(id), enabled: id > 0 });
  const ingredient = query.data;
  const recipeId = ingredient?.recipe_id ?? 0;
  // The title of the recipe that makes it, to show in the form.
  const recipe = useQuery({ ...recipeQueries.detail(recipeId), enabled: recipeId > 0 });
  useDocumentTitle(ingredient ? `Edit ${ingredient.name}` : "Edit ingredient");

  if (id === 0 || isNotFound(query.error)) return <NotFoundPage />;
  if (query.isPending || (recipeId > 0 && recipe.isPending)) return <Loading />;
  if (!ingredient) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;

  return (
    <div className="page narrow">
      <h1>Edit “{ingredient.name}”</h1>
      {mayEdit(session, ingredient.user_id) ? (
        <IngredientEditor
          key={ingredient.id}
          ingredient={ingredient}
          defaults={fromIngredient(ingredient, recipe.data?.title)}
        />
      ) : (
        <NotAllowed>
          <p>Only the person who added this ingredient, or an admin, can change it.</p>
          <Link to="/ingredients/$ingredientId" params={{ ingredientId }}>
            Back to {ingredient.name}
          </Link>
        </NotAllowed>
      )}
    </div>
  );
}

/** Change an ingredient, or merge it into another: whoever added it, or an admin; anyone else is told so. */
import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "@tanstack/react-router";
import { useT } from "../../../i18n/index.ts";
import { ingredientQueries } from "../../../lib/api/catalogue.ts";
import { recipeQueries } from "../../../lib/api/recipes.ts";
import { useAuth } from "../../../lib/auth.ts";
import { mayEdit } from "../../../lib/may-edit.ts";
import { positiveInt } from "../../../lib/search.ts";
import { EditPage } from "../components/edit-page.tsx";
import { IngredientEditor } from "../components/ingredient-form.tsx";
import { MergeIngredient } from "../components/merge-into.tsx";
import { NotAllowed } from "../components/not-allowed.tsx";
import { fromIngredient } from "../lib/forms.ts";

export function EditIngredientPage() {
  const { ingredientId } = useParams({ from: "/ingredients/$ingredientId/edit" });
  const id = positiveInt(ingredientId) ?? 0;
  const { session } = useAuth();
  const query = useQuery({ ...ingredientQueries.detail(id), enabled: id > 0 });
  const recipeId = query.data?.recipe_id ?? 0;
  // The title of the recipe that makes it, to show in the form.
  const recipe = useQuery({ ...recipeQueries.detail(recipeId), enabled: recipeId > 0 });
  const { t } = useT();

  return (
    <EditPage
      id={id}
      query={query}
      what="catalogue.editIngredient"
      waiting={recipeId > 0 && recipe.isPending}
    >
      {(ingredient) =>
        mayEdit(session, ingredient.user_id) ? (
          <>
            <IngredientEditor
              key={ingredient.id}
              ingredient={ingredient}
              defaults={fromIngredient(ingredient, recipe.data?.title)}
            />
            <MergeIngredient key={`merge-${ingredient.id}`} ingredient={ingredient} />
          </>
        ) : (
          <NotAllowed>
            <p>{t("catalogue.onlyOwnerIngredient")}</p>
            <Link to="/ingredients/$ingredientId" params={{ ingredientId }}>
              {t("catalogue.backTo", { name: ingredient.name })}
            </Link>
          </NotAllowed>
        )
      }
    </EditPage>
  );
}

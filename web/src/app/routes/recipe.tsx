/**
 * A recipe: picture, times, servings that rescale every line, ingredients, steps, author; and what
 * other features do with it: its JSON-LD, editing it, a shopping list, the meal plan.
 */
import { useQuery } from "@tanstack/react-query";
import { Link, useNavigate, useParams, useSearch } from "@tanstack/react-router";
import { ErrorState } from "../../components/error-state.tsx";
import { LinkedText } from "../../components/linked-text.tsx";
import { Loading } from "../../components/loading.tsx";
import { NotFoundPage } from "../../components/not-found-page.tsx";
import { NutritionLabel } from "../../components/nutrition-label.tsx";
import { Picture } from "../../components/picture.tsx";
import { ServingsStepper } from "../../components/servings-stepper.tsx";
import { UnitsChoice } from "../../components/units-choice.tsx";
import { DownloadJsonLd, RecipeJsonLdScript } from "../../features/archive/components/recipe-json-ld.tsx";
import { CookedForm } from "../../features/cooked/components/cooked-form.tsx";
import { LastCooked } from "../../features/cooked/components/last-cooked.tsx";
import { PlanRecipe } from "../../features/meal-plan/components/plan-recipe.tsx";
import { RecipeOwnerActions } from "../../features/recipe-editor/components/owner-actions.tsx";
import { RecipeHistoryLink } from "../../features/recipe-history/components/history-link.tsx";
import { FavouriteButton } from "../../features/recipes/components/favourite-button.tsx";
import { IngredientLines } from "../../features/recipes/components/ingredient-lines.tsx";
import { RatingControl } from "../../features/recipes/components/rating-control.tsx";
import { RatingSummary } from "../../features/recipes/components/rating-summary.tsx";
import { AddRecipeToList } from "../../features/shopping-lists/components/add-recipe-to-list.tsx";
import { useDocumentTitle } from "../../hooks/use-document-title.ts";
import { useRecipe } from "../../hooks/use-recipe.ts";
import { type MessageId, useT } from "../../i18n/index.ts";
import { userQueries } from "../../lib/api/users.ts";
import { useAuth } from "../../lib/auth.ts";
import { isNotFound } from "../../lib/errors.ts";
import { formatDuration, totalSeconds } from "../../lib/format.ts";
import { measuresFor, useUnits } from "../../lib/measures.ts";

export function RecipePage() {
  const { t, language } = useT();
  const { recipeId } = useParams({ from: "/recipes/$recipeId" });
  const { servings } = useSearch({ from: "/recipes/$recipeId" });
  const navigate = useNavigate({ from: "/recipes/$recipeId" });
  const units = useUnits();
  const { query, invalidId } = useRecipe(recipeId, servings, measuresFor(units.units, language));
  const recipe = query.data;
  const { session } = useAuth();
  const author = useQuery({ ...userQueries.profile(recipe?.user_id ?? 0), enabled: recipe !== undefined });
  useDocumentTitle(recipe?.title);

  if (invalidId || isNotFound(query.error)) return <NotFoundPage />;
  if (query.isPending) return <Loading label={t("recipes.loadingRecipe")} />;
  if (!recipe) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;

  const total = totalSeconds(recipe.prep_time_sec, recipe.cook_time_sec, recipe.total_time_sec);
  const times: [MessageId, number | null | undefined][] = [
    ["recipes.timePrep", recipe.prep_time_sec],
    ["recipes.timeCook", recipe.cook_time_sec],
    ["recipes.timeTotal", total],
  ];
  // The servings the lines are scaled to (the API answers with them), and the recipe's own.
  const own = recipe.scale ? Math.round((recipe.servings ?? 0) / recipe.scale) : recipe.servings;
  const setServings = (n: number) =>
    void navigate({ search: { servings: n === own ? undefined : n }, replace: true, resetScroll: false });
  // The stepper counts from what was asked (the address), not from the answer on screen: a second
  // press while the first one's grams are still loading must go one further, not ask again.
  const wanted = servings ?? own;

  return (
    <article className="page recipe">
      <RecipeJsonLdScript recipeId={recipe.id} />
      <div className="recipe-hero">
        <Picture src={recipe.img} alt={recipe.title} ratio="3 / 2" eager className="recipe-picture" />
        <div className="recipe-intro">
          <h1>{recipe.title}</h1>
          {recipe.description && <p className="lead">{recipe.description}</p>}
          <p className="byline">
            <LinkedText
              text={t("recipes.byAuthor", { author: author.data?.username ?? t("recipes.itsAuthor") })}
              link={(words) => (
                <Link to="/" search={{ user_id: recipe.user_id }}>
                  {words}
                </Link>
              )}
            />
          </p>
          <div className="recipe-marks">
            <FavouriteButton recipe={recipe} />
            <RatingSummary rating={recipe.rating} />
            <LastCooked recipe={recipe} />
          </div>
          <dl className="facts">
            {times.map(([label, seconds]) => (
              <div key={label}>
                <dt>{t(label)}</dt>
                <dd>{formatDuration(seconds) ?? "—"}</dd>
              </div>
            ))}
          </dl>
          {recipe.categories.length > 0 && (
            <ul className="tags" aria-label={t("recipes.categories")}>
              {recipe.categories.map((c) => (
                <li key={c.id}>
                  <Link to="/" search={{ category_id: c.id }} className="tag tag-link">
                    {c.name}
                  </Link>
                </li>
              ))}
            </ul>
          )}
          <div className="actions no-print">
            <Link
              to="/recipes/$recipeId/cook"
              params={{ recipeId }}
              search={{ servings }}
              className="button button-large"
            >
              {t("recipes.startCooking")}
            </Link>
            <button type="button" className="button button-quiet" onClick={() => window.print()}>
              {t("recipes.print")}
            </button>
            <DownloadJsonLd recipeId={recipe.id} title={recipe.title} />
            <RecipeHistoryLink recipeId={recipe.id} />
            <RecipeOwnerActions recipe={recipe} />
          </div>
        </div>
      </div>

      <div className="recipe-body">
        <section aria-labelledby="ingredients-heading" className="recipe-ingredients">
          <h2 id="ingredients-heading">{t("recipes.ingredients")}</h2>
          {recipe.servings && own ? (
            <>
              <ServingsStepper
                servings={wanted ?? recipe.servings}
                onChange={setServings}
                busy={query.isPlaceholderData}
              />
              {recipe.servings !== own && (
                <p className="hint">{t("recipes.scaledFor", { servings: recipe.servings, own })}</p>
              )}
              {/* On paper the stepper is gone: the servings the amounts are for are said. */}
              <p className="print-only">{t("recipes.printedFor", { servings: recipe.servings })}</p>
            </>
          ) : (
            <p className="hint">{t("recipes.notScalable")}</p>
          )}
          <div className="no-print">
            <UnitsChoice state={units} />
          </div>
          {query.isError && <ErrorState error={query.error} onRetry={() => void query.refetch()} />}
          {recipe.ingredients.length ? (
            <IngredientLines lines={recipe.ingredients} />
          ) : (
            <p>{t("recipes.noIngredients")}</p>
          )}
          {session && (
            <>
              <AddRecipeToList recipe={recipe} />
              <PlanRecipe recipe={recipe} />
            </>
          )}
          <NutritionLabel
            nutrition={recipe.nutrition}
            ingredientCount={new Set(recipe.ingredients.map((line) => line.ingredient_id)).size}
          />
        </section>
        <section aria-labelledby="steps-heading" className="recipe-steps">
          <h2 id="steps-heading">{t("recipes.steps")}</h2>
          {recipe.steps.length ? (
            <ol className="steps">
              {recipe.steps.map((step) => (
                <li key={step.step_number}>{step.description}</li>
              ))}
            </ol>
          ) : (
            <p>{t("recipes.noSteps")}</p>
          )}
          {recipe.source_url && (
            <p className="source">
              <LinkedText
                text={t("recipes.source", { host: new URL(recipe.source_url).hostname })}
                link={(words) => <a href={recipe.source_url ?? undefined}>{words}</a>}
              />
            </p>
          )}
          <RatingControl recipe={recipe} />
          {session && <CookedForm key={recipe.servings} recipe={recipe} />}
        </section>
      </div>
    </article>
  );
}

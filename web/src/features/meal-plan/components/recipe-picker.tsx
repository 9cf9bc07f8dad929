import { useInfiniteQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { HouseholdSelect } from "../../../components/household-select.tsx";
import { useT } from "../../../i18n/index.ts";
import type { Household } from "../../../lib/api/households.ts";
import { recipeQueries } from "../../../lib/api/recipes.ts";
import { dayName } from "../../../lib/dates.ts";
import { errorMessage } from "../../../lib/errors.ts";
import { allItems } from "../../../lib/keyset.ts";
import { usePlanMeal } from "../api/queries.ts";
import { type Meal, mealInSentence } from "../lib/meals.ts";
import { MealSelect } from "./meal-select.tsx";

/**
 * Adds a recipe to one day of the week: pick the meal and whom it is for (with households: the
 * household on view first, so the new meal shows where it was added), find the recipe by its title.
 */
export function RecipePicker({
  date,
  households,
  householdId,
  onDone,
}: {
  date: string;
  households: readonly Household[];
  householdId: number | null;
  onDone: () => void;
}) {
  const { t } = useT();
  const [meal, setMeal] = useState<Meal>("dinner");
  const [forHousehold, setForHousehold] = useState<number | null>(householdId);
  const [q, setQ] = useState("");
  const results = useInfiniteQuery(
    recipeQueries.list({ q: q.trim() || undefined, sort: q.trim() ? undefined : "title" }),
  );
  const plan = usePlanMeal();
  const id = useId();
  const day = dayName(date);
  return (
    <div className="mp-picker">
      <MealSelect id={`${id}-meal`} value={meal} onChange={setMeal} />
      {(households.length > 0 || forHousehold !== null) && (
        <HouseholdSelect
          id={`${id}-for`}
          label={t("meal-plan.for")}
          value={forHousehold}
          households={households}
          onChange={setForHousehold}
        />
      )}
      <div className="field">
        <label htmlFor={`${id}-q`}>{t("meal-plan.findRecipe")}</label>
        <input
          id={`${id}-q`}
          type="search"
          value={q}
          placeholder={t("meal-plan.titlePlaceholder")}
          onChange={(e) => setQ(e.currentTarget.value)}
        />
      </div>
      <ul className="mp-results" aria-busy={results.isFetching || undefined}>
        {allItems(results.data).map((recipe) => (
          <li key={recipe.id}>
            <button
              type="button"
              className="mp-result"
              disabled={plan.isPending}
              aria-label={t("meal-plan.addTo", { title: recipe.title, day, meal: mealInSentence(meal) })}
              onClick={() =>
                plan.mutate(
                  { date, meal, recipe_id: recipe.id, household_id: forHousehold },
                  { onSuccess: onDone },
                )
              }
            >
              {recipe.title}
            </button>
          </li>
        ))}
      </ul>
      {results.isSuccess && allItems(results.data).length === 0 && (
        <p className="hint">{t("meal-plan.noRecipe")}</p>
      )}
      {(plan.isError || results.isError) && (
        <p className="field-error" role="alert">
          {errorMessage(plan.error ?? results.error)}
        </p>
      )}
      <button type="button" className="button button-quiet" onClick={onDone}>
        {t("meal-plan.close")}
      </button>
    </div>
  );
}

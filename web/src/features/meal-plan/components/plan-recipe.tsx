import { Link } from "@tanstack/react-router";
import { useId, useState } from "react";
import { HouseholdSelect } from "../../../components/household-select.tsx";
import { useT } from "../../../i18n/index.ts";
import type { Schemas } from "../../../lib/api/client.ts";
import { useMyHouseholds } from "../../../lib/api/households.ts";
import { dayName, isoDay, mondayOf, today } from "../../../lib/dates.ts";
import { errorMessage, fieldError } from "../../../lib/errors.ts";
import { householdName } from "../../../lib/households.ts";
import { usePlanMeal } from "../api/queries.ts";
import { type Meal, mealInSentence } from "../lib/meals.ts";
import { MealSelect } from "./meal-select.tsx";
import "../meal-plan.css";

/**
 * On a recipe's page: put it on a day of the meal plan, at the servings shown; for oneself, or (with
 * households) for one of them.
 */
export function PlanRecipe({ recipe }: { recipe: Schemas["RecipeRead"] }) {
  const { t } = useT();
  const [date, setDate] = useState(today());
  const [meal, setMeal] = useState<Meal>("dinner");
  const [forHousehold, setForHousehold] = useState<number | null>(null);
  const [planned, setPlanned] = useState<{ day: string; meal: Meal; householdId: number | null } | null>(
    null,
  );
  const { households } = useMyHouseholds();
  const plan = usePlanMeal();
  const id = useId();
  const day = isoDay(date);
  const servings = recipe.servings ?? undefined;
  const dateError = fieldError(plan.error, "date");
  return (
    <form
      className="plan-recipe no-print"
      aria-labelledby={`${id}-title`}
      onSubmit={(e) => {
        e.preventDefault();
        if (!day) return;
        setPlanned(null);
        plan.mutate(
          { date: day, meal, recipe_id: recipe.id, servings, household_id: forHousehold },
          { onSuccess: () => setPlanned({ day, meal, householdId: forHousehold }) },
        );
      }}
    >
      <h3 id={`${id}-title`} className="add-to-list-title">
        {t("meal-plan.title")}
      </h3>
      <div className="plan-recipe-fields">
        <div className="field">
          <label htmlFor={`${id}-date`}>{t("meal-plan.day")}</label>
          <input
            id={`${id}-date`}
            type="date"
            value={date}
            required
            aria-invalid={dateError ? true : undefined}
            onChange={(e) => setDate(e.currentTarget.value)}
          />
        </div>
        <MealSelect id={`${id}-meal`} value={meal} onChange={setMeal} />
        {households.length > 0 && (
          <HouseholdSelect
            id={`${id}-for`}
            label={t("meal-plan.for")}
            value={forHousehold}
            households={households}
            onChange={setForHousehold}
          />
        )}
      </div>
      <button type="submit" className="button button-quiet" disabled={!day || plan.isPending}>
        {servings ? t("meal-plan.planItServings", { count: servings }) : t("meal-plan.planIt")}
      </button>
      <p className="add-to-list-said" role="status">
        {planned && (
          <>
            {planned.householdId === null
              ? t("meal-plan.planned", { day: dayName(planned.day), meal: mealInSentence(planned.meal) })
              : t("meal-plan.plannedFor", {
                  day: dayName(planned.day),
                  meal: mealInSentence(planned.meal),
                  household: householdName(households, planned.householdId),
                })}{" "}
            <Link to="/meal-plan" search={{ week: mondayOf(planned.day) }}>
              {t("meal-plan.seeTheWeek")}
            </Link>
          </>
        )}
      </p>
      {plan.isError && (
        <p className="field-error" role="alert">
          {errorMessage(plan.error)}
        </p>
      )}
    </form>
  );
}

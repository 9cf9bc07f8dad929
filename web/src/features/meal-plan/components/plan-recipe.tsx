import { Link } from "@tanstack/react-router";
import { useId, useState } from "react";
import { HouseholdSelect } from "../../../components/household-select.tsx";
import type { Schemas } from "../../../lib/api/client.ts";
import { useMyHouseholds } from "../../../lib/api/households.ts";
import { dayName, isoDay, mondayOf, today } from "../../../lib/dates.ts";
import { errorMessage, fieldError } from "../../../lib/errors.ts";
import { householdName } from "../../../lib/households.ts";
import { usePlanMeal } from "../api/queries.ts";
import type { Meal } from "../lib/meals.ts";
import { MealSelect } from "./meal-select.tsx";
import "../meal-plan.css";

/**
 * On a recipe's page: put it on a day of the meal plan, at the servings shown; for oneself, or (with
 * households) for one of them.
 */
export function PlanRecipe({ recipe }: { recipe: Schemas["RecipeRead"] }) {
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
        Meal plan
      </h3>
      <div className="plan-recipe-fields">
        <div className="field">
          <label htmlFor={`${id}-date`}>Day</label>
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
            label="For"
            value={forHousehold}
            households={households}
            onChange={setForHousehold}
          />
        )}
      </div>
      <button type="submit" className="button button-quiet" disabled={!day || plan.isPending}>
        Plan it{servings ? ` (${servings} ${servings === 1 ? "serving" : "servings"})` : ""}
      </button>
      <p className="add-to-list-said" role="status">
        {planned && (
          <>
            Planned for {dayName(planned.day)}, {planned.meal}
            {planned.householdId !== null && ` (for ${householdName(households, planned.householdId)})`}.{" "}
            <Link to="/meal-plan" search={{ week: mondayOf(planned.day) }}>
              See the week
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

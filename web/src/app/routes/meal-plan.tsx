/**
 * The meal plan, a week at a time (one's own and one's households' meals, or one household's), and
 * the days of it sent to a shopping list: a new one is the household's whose meals they are.
 */
import { useQuery } from "@tanstack/react-query";
import { useSearch } from "@tanstack/react-router";
import { mealPlanQueries } from "../../features/meal-plan/api/queries.ts";
import { CalendarLinks } from "../../features/meal-plan/components/calendar-links.tsx";
import { WeekPlan } from "../../features/meal-plan/components/week-plan.tsx";
import { mealsHousehold } from "../../features/meal-plan/lib/meals-household.ts";
import { DaysToList } from "../../features/shopping-lists/components/days-to-list.tsx";
import { useDocumentTitle } from "../../hooks/use-document-title.ts";
import { useT } from "../../i18n/index.ts";
import { mondayOf, today } from "../../lib/dates.ts";

export function MealPlanPage() {
  const { week, household_id } = useSearch({ from: "/meal-plan" });
  const monday = mondayOf(week ?? today());
  const { t } = useT();
  useDocumentTitle(t("recipes.mealPlan"));
  // The week as WeekPlan reads it (one cache entry): whose meals the days are, for a new list.
  const plan = useQuery(mealPlanQueries.week(monday, household_id));
  return (
    <div className="page mp">
      <WeekPlan monday={monday} householdId={household_id} />
      <DaysToList
        key={`${monday}-${household_id ?? "all"}`}
        monday={monday}
        mealsHousehold={(first, last) => mealsHousehold(plan.data?.items ?? [], first, last, household_id)}
      />
      <CalendarLinks />
    </div>
  );
}

/**
 * The meal plan, a week at a time (one's own and one's households' meals, or one household's), and
 * the days of it sent to a shopping list.
 */
import { useSearch } from "@tanstack/react-router";
import { WeekPlan } from "../../features/meal-plan/components/week-plan.tsx";
import { DaysToList } from "../../features/shopping-lists/components/days-to-list.tsx";
import { useDocumentTitle } from "../../hooks/use-document-title.ts";
import { mondayOf, today } from "../../lib/dates.ts";

export function MealPlanPage() {
  const { week, household_id } = useSearch({ from: "/meal-plan" });
  const monday = mondayOf(week ?? today());
  useDocumentTitle("Meal plan");
  return (
    <div className="page mp">
      <WeekPlan monday={monday} householdId={household_id} />
      <DaysToList key={monday} monday={monday} />
    </div>
  );
}

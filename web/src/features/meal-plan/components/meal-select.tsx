import { useT } from "../../../i18n/index.ts";
import { MEALS, type Meal, mealName } from "../lib/meals.ts";

/** Breakfast, lunch, dinner or snack, with its label. */
export function MealSelect({
  id,
  value,
  onChange,
}: {
  id: string;
  value: Meal;
  onChange: (meal: Meal) => void;
}) {
  const { t } = useT();
  return (
    <div className="field">
      <label htmlFor={id}>{t("meal-plan.mealLabel")}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.currentTarget.value as Meal)}>
        {MEALS.map((m) => (
          <option key={m} value={m}>
            {mealName(m)}
          </option>
        ))}
      </select>
    </div>
  );
}

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
  return (
    <div className="field">
      <label htmlFor={id}>Meal</label>
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

import { useNavigate } from "@tanstack/react-router";
import { useId, useState } from "react";
import { HouseholdSelect } from "../../../components/household-select.tsx";
import { useT } from "../../../i18n/index.ts";
import { useMyHouseholds } from "../../../lib/api/households.ts";
import { dayName, today, weekDays } from "../../../lib/dates.ts";
import { errorMessage } from "../../../lib/errors.ts";
import { useAddMealPlan } from "../api/mutations.ts";
import { daysTitle, firstDayToShop } from "../lib/days.ts";
import { useListChoice } from "./list-choice.tsx";
import "../shopping.css";

/**
 * Under the meal plan's week: "Add these days to a shopping list", every meal planned from one day to
 * another, at its servings. It starts today (or on the week's first day to come), and offers first a
 * new list named after the days (the existing lists stay a choice). A new list belongs to the
 * household the days' meals belong to (`mealsHousehold`, from the page that knows the meals), or is
 * private: the person chooses before it is made. Whose it is also says whose meals it gets (the
 * household's, or the person's own).
 */
export function DaysToList({
  monday,
  mealsHousehold = () => null,
}: {
  monday: string;
  /** The household the meals from `first` to `last` belong to; null for one's own. */
  mealsHousehold?: (first: string, last: string) => number | null;
}) {
  const { t } = useT();
  const days = weekDays(monday);
  const now = today();
  const [from, setFrom] = useState(() => firstDayToShop(days, now));
  const [to, setTo] = useState(6);
  const [expand, setExpand] = useState(false);
  const add = useAddMealPlan();
  const navigate = useNavigate();
  const id = useId();
  const first = days[Math.min(from, to)] ?? monday;
  const last = days[Math.max(from, to)] ?? monday;
  const { field, resolve, create, isNew } = useListChoice(daysTitle(first, last, now.slice(0, 4)), {
    newFirst: true,
  });
  const { households } = useMyHouseholds();
  // Until the person chooses, the new list follows the meals of the days chosen.
  const [sharedWith, setSharedWith] = useState<number | null | undefined>(undefined);
  const owner = sharedWith === undefined ? mealsHousehold(first, last) : sharedWith;

  const submit = async () => {
    const list = await resolve({ household_id: owner });
    if (!list) return;
    await add.mutateAsync({ listId: list.id, from: first, to: last, expand: expand || undefined });
    await navigate({ to: "/lists/$listId", params: { listId: String(list.id) } });
  };

  const daySelect = (label: string, value: number, set: (n: number) => void, key: string) => (
    <div className="field">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <select id={`${id}-${key}`} value={value} onChange={(e) => set(Number(e.currentTarget.value))}>
        {days.map((d, i) => (
          <option key={d} value={i}>
            {dayName(d)}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <form
      className="days-to-list"
      aria-labelledby={`${id}-title`}
      onSubmit={(e) => {
        e.preventDefault();
        void submit().catch(() => undefined); // shown below
      }}
    >
      <h2 id={`${id}-title`}>{t("shopping-lists.shopForDays")}</h2>
      <div className="days-to-list-fields">
        {daySelect(t("shopping-lists.from"), from, setFrom, "from")}
        {daySelect(t("shopping-lists.to"), to, setTo, "to")}
        {field(t("shopping-lists.shoppingList"))}
        {isNew && (households.length > 0 || owner !== null) && (
          <HouseholdSelect
            id={`${id}-shared`}
            label={t("shopping-lists.newListSharedWith")}
            value={owner}
            households={households}
            onChange={setSharedWith}
            className="field days-to-list-shared"
            hint={t("shopping-lists.newListSharedHint")}
          />
        )}
      </div>
      <label className="days-to-list-expand">
        <input type="checkbox" checked={expand} onChange={(e) => setExpand(e.currentTarget.checked)} />{" "}
        {t("shopping-lists.expand")}
      </label>
      <button type="submit" className="button" disabled={create.isPending || add.isPending}>
        {t("shopping-lists.addDays")}
      </button>
      {(create.isError || add.isError) && (
        <p className="field-error" role="alert">
          {errorMessage(create.error ?? add.error)}
        </p>
      )}
    </form>
  );
}

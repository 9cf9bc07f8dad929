/**
 * A week of the meal plan (Monday to Sunday): what is planned for each meal, added, removed and its
 * servings changed, and whom each meal is for; and the way to the weeks before and after. It shows
 * one's own meals and those of one's households, or (`householdId`) one household's only.
 */
import { useQuery } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { useId, useState } from "react";
import { ErrorState } from "../../../components/error-state.tsx";
import { Loading } from "../../../components/loading.tsx";
import { useT } from "../../../i18n/index.ts";
import type { Schemas } from "../../../lib/api/client.ts";
import { type Household, useMyHouseholds } from "../../../lib/api/households.ts";
import { addDays, dayName, mondayOf, today, weekDays, weekTitle } from "../../../lib/dates.ts";
import { errorMessage } from "../../../lib/errors.ts";
import { householdName, memberNames } from "../../../lib/households.ts";
import { wholeNumber } from "../../../lib/nutrition.ts";
import { mealPlanQueries, useRemoveMeal } from "../api/queries.ts";
import { entryName, MEALS, mealInSentence, mealName } from "../lib/meals.ts";
import { EntryHousehold } from "./entry-household.tsx";
import { EntryServings } from "./entry-servings.tsx";
import { RecipePicker } from "./recipe-picker.tsx";
import "../meal-plan.css";

type Entry = Schemas["MealPlanEntryRead"];

export function WeekPlan({ monday, householdId }: { monday: string; householdId?: number }) {
  const { t } = useT();
  const thisWeek = mondayOf(today());
  const query = useQuery(mealPlanQueries.week(monday, householdId));
  const { households } = useMyHouseholds();
  const names = memberNames(households);
  const [adding, setAdding] = useState<string | null>(null);
  const [said, setSaid] = useState("");

  const byDay = new Map<string, Entry[]>();
  for (const entry of query.data?.items ?? [])
    byDay.set(entry.date, [...(byDay.get(entry.date) ?? []), entry]);
  const weekLink = (m: string) => ({ week: m === thisWeek ? undefined : m, household_id: householdId });

  return (
    <>
      <div className="mp-head">
        <h1>{t("meal-plan.title")}</h1>
        <p className="mp-week">
          {weekTitle(monday)}
          {householdId !== undefined && ` · ${householdName(households, householdId)}`}
        </p>
        <nav className="mp-nav" aria-label={t("meal-plan.weeks")}>
          <Link to="/meal-plan" search={weekLink(addDays(monday, -7))} className="button button-quiet">
            {t("meal-plan.previousWeek")}
          </Link>
          {monday !== thisWeek && (
            <Link to="/meal-plan" search={weekLink(thisWeek)} className="button button-quiet">
              {t("meal-plan.thisWeek")}
            </Link>
          )}
          <Link to="/meal-plan" search={weekLink(addDays(monday, 7))} className="button button-quiet">
            {t("meal-plan.nextWeek")}
          </Link>
        </nav>
        {(households.length > 0 || householdId !== undefined) && (
          <WhoseMeals monday={monday} householdId={householdId} households={households} />
        )}
      </div>
      <p className="mp-said" role="status">
        {said}
      </p>

      {query.isPending ? (
        <Loading label={t("meal-plan.loadingWeek")} />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <ol className="mp-days">
          {weekDays(monday).map((date) => (
            <li key={date} className="mp-day" data-today={date === today() || undefined}>
              <h2 className="mp-day-name">{dayName(date)}</h2>
              <Day
                entries={byDay.get(date) ?? []}
                date={date}
                households={households}
                names={names}
                onSaid={setSaid}
              />
              {adding === date ? (
                <RecipePicker
                  date={date}
                  households={households}
                  householdId={householdId ?? null}
                  onDone={() => setAdding(null)}
                />
              ) : (
                <button
                  type="button"
                  className="button button-quiet mp-add"
                  aria-label={t("meal-plan.addMealOn", { day: dayName(date) })}
                  onClick={() => setAdding(date)}
                >
                  {t("meal-plan.addMeal")}
                </button>
              )}
            </li>
          ))}
        </ol>
      )}
    </>
  );
}

/**
 * "Meals of": everyone's one sees (one's own and one's households'), or one household's only; kept in
 * the address (`?household_id=`), like the week.
 */
function WhoseMeals({
  monday,
  householdId,
  households,
}: {
  monday: string;
  householdId: number | undefined;
  households: readonly Household[];
}) {
  const { t } = useT();
  const navigate = useNavigate();
  const id = useId();
  const known = householdId === undefined || households.some((h) => h.id === householdId);
  return (
    <div className="field mp-whose">
      <label htmlFor={id}>{t("meal-plan.mealsOf")}</label>
      <select
        id={id}
        value={householdId ?? ""}
        onChange={(e) => {
          const value = e.currentTarget.value;
          void navigate({
            to: "/meal-plan",
            search: {
              week: monday === mondayOf(today()) ? undefined : monday,
              household_id: value ? Number(value) : undefined,
            },
          });
        }}
      >
        <option value="">{t("meal-plan.everyone")}</option>
        {!known && householdId !== undefined && (
          <option value={householdId}>
            {t("meal-plan.householdOnly", { household: householdName(households, householdId) })}
          </option>
        )}
        {households.map((h) => (
          <option key={h.id} value={h.id}>
            {t("meal-plan.householdOnly", { household: h.name })}
          </option>
        ))}
      </select>
    </div>
  );
}

function Day({
  entries,
  date,
  households,
  names,
  onSaid,
}: {
  entries: Entry[];
  date: string;
  households: readonly Household[];
  names: ReadonlyMap<number, string>;
  onSaid: (sentence: string) => void;
}) {
  const { t } = useT();
  const remove = useRemoveMeal();
  if (entries.length === 0) return <p className="hint mp-empty">{t("meal-plan.nothingPlanned")}</p>;
  return (
    <>
      <dl className="mp-meals">
        {MEALS.filter((meal) => entries.some((e) => e.meal === meal)).map((meal) => (
          <div key={meal} className="mp-meal">
            <dt>{mealName(meal)}</dt>
            {entries
              .filter((e) => e.meal === meal)
              .map((entry) => (
                <dd key={entry.id} className="mp-entry">
                  <Link to="/recipes/$recipeId" params={{ recipeId: String(entry.recipe_id) }}>
                    {entry.title}
                  </Link>
                  <button
                    type="button"
                    className="mp-remove"
                    disabled={remove.isPending}
                    aria-label={t("meal-plan.remove", {
                      title: entry.title,
                      day: dayName(date),
                      meal: mealInSentence(entry.meal),
                    })}
                    onClick={() => remove.mutate(entry.id)}
                  >
                    ×
                  </button>
                  {/* A recipe that does not say its servings cannot be scaled: nothing to change. */}
                  {entry.servings ? (
                    <EntryServings
                      entryId={entry.id}
                      servings={entry.servings}
                      name={entryName(entry, dayName(date))}
                    />
                  ) : null}
                  <EntryHousehold
                    entry={entry}
                    name={entryName(entry, dayName(date))}
                    households={households}
                    names={names}
                    onSaid={onSaid}
                  />
                </dd>
              ))}
          </div>
        ))}
      </dl>
      <DayEnergy entries={entries} />
      {remove.isError && (
        <p className="field-error" role="alert">
          {errorMessage(remove.error)}
        </p>
      )}
    </>
  );
}

/**
 * The day's energy: the entries' nutrition (per serving × the entry's servings, from the API) added
 * up; where some entries are not known, how many the figure covers.
 */
function DayEnergy({ entries }: { entries: Entry[] }) {
  const { t } = useT();
  const known = entries.filter((e) => e.nutrition?.energy_kcal != null);
  if (known.length === 0) return null;
  const kcal = wholeNumber(known.reduce((sum, e) => sum + (e.nutrition?.energy_kcal ?? 0), 0));
  return (
    <p className="mp-day-energy">
      {known.length === entries.length
        ? t("nutrition.dayTotal", { kcal })
        : t("nutrition.dayTotalPartial", { kcal, known: known.length, count: entries.length })}
    </p>
  );
}

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
import type { Schemas } from "../../../lib/api/client.ts";
import { type Household, useMyHouseholds } from "../../../lib/api/households.ts";
import { addDays, dayName, mondayOf, today, weekDays, weekTitle } from "../../../lib/dates.ts";
import { errorMessage } from "../../../lib/errors.ts";
import { householdName, memberNames } from "../../../lib/households.ts";
import { mealPlanQueries, useRemoveMeal } from "../api/queries.ts";
import { MEALS, mealName } from "../lib/meals.ts";
import { EntryHousehold } from "./entry-household.tsx";
import { EntryServings } from "./entry-servings.tsx";
import { RecipePicker } from "./recipe-picker.tsx";
import "../meal-plan.css";

type Entry = Schemas["MealPlanEntryRead"];

/** How a planned meal is named to a screen reader: "Pancakes on Monday, breakfast". */
const entryName = (entry: { title: string; meal: string }, date: string) =>
  `${entry.title} on ${dayName(date)}, ${entry.meal}`;

export function WeekPlan({ monday, householdId }: { monday: string; householdId?: number }) {
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
        <h1>Meal plan</h1>
        <p className="mp-week">
          {weekTitle(monday)}
          {householdId !== undefined && ` · ${householdName(households, householdId)}`}
        </p>
        <nav className="mp-nav" aria-label="Weeks">
          <Link to="/meal-plan" search={weekLink(addDays(monday, -7))} className="button button-quiet">
            ← Previous week
          </Link>
          {monday !== thisWeek && (
            <Link to="/meal-plan" search={weekLink(thisWeek)} className="button button-quiet">
              This week
            </Link>
          )}
          <Link to="/meal-plan" search={weekLink(addDays(monday, 7))} className="button button-quiet">
            Next week →
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
        <Loading label="Loading the week…" />
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
                <button type="button" className="button button-quiet mp-add" onClick={() => setAdding(date)}>
                  Add a meal<span className="visually-hidden"> on {dayName(date)}</span>
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
  const navigate = useNavigate();
  const id = useId();
  const known = householdId === undefined || households.some((h) => h.id === householdId);
  return (
    <div className="field mp-whose">
      <label htmlFor={id}>Meals of</label>
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
        <option value="">Me and my households</option>
        {!known && householdId !== undefined && (
          <option value={householdId}>{householdName(households, householdId)} only</option>
        )}
        {households.map((h) => (
          <option key={h.id} value={h.id}>
            {h.name} only
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
  const remove = useRemoveMeal();
  if (entries.length === 0) return <p className="hint mp-empty">Nothing planned.</p>;
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
                    aria-label={`Remove ${entry.title} from ${dayName(date)}, ${entry.meal}`}
                    onClick={() => remove.mutate(entry.id)}
                  >
                    ×
                  </button>
                  {/* A recipe that does not say its servings cannot be scaled: nothing to change. */}
                  {entry.servings ? (
                    <EntryServings
                      entryId={entry.id}
                      servings={entry.servings}
                      name={entryName(entry, date)}
                    />
                  ) : null}
                  <EntryHousehold
                    entry={entry}
                    name={entryName(entry, date)}
                    households={households}
                    names={names}
                    onSaid={onSaid}
                  />
                </dd>
              ))}
          </div>
        ))}
      </dl>
      {remove.isError && (
        <p className="field-error" role="alert">
          {errorMessage(remove.error)}
        </p>
      )}
    </>
  );
}

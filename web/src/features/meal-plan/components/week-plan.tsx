/**
 * A week of the meal plan (Monday to Sunday): what is planned for each meal, added, removed and its
 * servings changed; and the way to the weeks before and after.
 */
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { ErrorState } from "../../../components/error-state.tsx";
import { Loading } from "../../../components/loading.tsx";
import type { Schemas } from "../../../lib/api/client.ts";
import { addDays, dayName, mondayOf, today, weekDays, weekTitle } from "../../../lib/dates.ts";
import { errorMessage } from "../../../lib/errors.ts";
import { mealPlanQueries, useRemoveMeal } from "../api/queries.ts";
import { MEALS, mealName } from "../lib/meals.ts";
import { EntryServings } from "./entry-servings.tsx";
import { RecipePicker } from "./recipe-picker.tsx";
import "../meal-plan.css";

type Entry = Schemas["MealPlanEntryRead"];

export function WeekPlan({ monday }: { monday: string }) {
  const thisWeek = mondayOf(today());
  const query = useQuery(mealPlanQueries.week(monday));
  const [adding, setAdding] = useState<string | null>(null);

  const byDay = new Map<string, Entry[]>();
  for (const entry of query.data?.items ?? [])
    byDay.set(entry.date, [...(byDay.get(entry.date) ?? []), entry]);
  const weekLink = (m: string) => (m === thisWeek ? undefined : m);

  return (
    <>
      <div className="mp-head">
        <h1>Meal plan</h1>
        <p className="mp-week">{weekTitle(monday)}</p>
        <nav className="mp-nav" aria-label="Weeks">
          <Link
            to="/meal-plan"
            search={{ week: weekLink(addDays(monday, -7)) }}
            className="button button-quiet"
          >
            ← Previous week
          </Link>
          {monday !== thisWeek && (
            <Link to="/meal-plan" search={{}} className="button button-quiet">
              This week
            </Link>
          )}
          <Link
            to="/meal-plan"
            search={{ week: weekLink(addDays(monday, 7)) }}
            className="button button-quiet"
          >
            Next week →
          </Link>
        </nav>
      </div>

      {query.isPending ? (
        <Loading label="Loading the week…" />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <ol className="mp-days">
          {weekDays(monday).map((date) => (
            <li key={date} className="mp-day" data-today={date === today() || undefined}>
              <h2 className="mp-day-name">{dayName(date)}</h2>
              <Day entries={byDay.get(date) ?? []} date={date} />
              {adding === date ? (
                <RecipePicker date={date} onDone={() => setAdding(null)} />
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

function Day({ entries, date }: { entries: Entry[]; date: string }) {
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
                      name={`${entry.title} on ${dayName(date)}, ${entry.meal}`}
                    />
                  ) : null}
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

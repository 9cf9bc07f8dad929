/**
 * Cook mode: one step at a time in large type; next and previous by button, swipe or arrow keys; the
 * ingredients to tick off; the screen kept awake. The step is in the URL, so a reload keeps the place.
 * Each duration in a step's text is a button that starts a timer; the timers run in a tray at the
 * foot of the screen, several at once, and outlive a reload (components/use-cook-timers.ts).
 */

import { Link, useNavigate, useParams, useSearch } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { ErrorState } from "../../../components/error-state.tsx";
import { Loading } from "../../../components/loading.tsx";
import { NotFoundPage } from "../../../components/not-found-page.tsx";
import { useDocumentTitle } from "../../../hooks/use-document-title.ts";
import { useRecipe } from "../../../hooks/use-recipe.ts";
import { useIngredientName } from "../../../i18n/food-names.ts";
import { useT } from "../../../i18n/index.ts";
import { isNotFound } from "../../../lib/errors.ts";
import { formatGrams } from "../../../lib/format.ts";
import { useMeasures } from "../../../lib/measures.ts";
import { StepText } from "../components/step-text.tsx";
import { TimerTray } from "../components/timer-tray.tsx";
import { useCookTimers } from "../components/use-cook-timers.ts";
import { useSwipe } from "../components/use-swipe.ts";
import { useWakeLock } from "../components/use-wake-lock.ts";

/** Keys that move between steps, unless the person is typing or working a control. */
function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))
  );
}

export function CookPage() {
  const { t } = useT();
  const ingredientName = useIngredientName();
  const { recipeId } = useParams({ from: "/recipes/$recipeId/cook" });
  const { servings, step } = useSearch({ from: "/recipes/$recipeId/cook" });
  const navigate = useNavigate({ from: "/recipes/$recipeId/cook" });
  const { query, invalidId } = useRecipe(recipeId, servings, useMeasures());
  const recipe = query.data;
  const [ticked, setTicked] = useState<ReadonlySet<number>>(new Set());
  const awake = useWakeLock();
  const timers = useCookTimers();
  useDocumentTitle(recipe ? t("recipes.cookingTitle", { title: recipe.title }) : undefined);

  const count = recipe?.steps.length ?? 0;
  const current = Math.min(Math.max(step ?? 1, 1), Math.max(count, 1));
  const go = (n: number) => {
    if (n < 1 || n > count) return;
    void navigate({ search: { servings, step: n === 1 ? undefined : n }, replace: true });
  };
  const next = () => go(current + 1);
  const previous = () => go(current - 1);
  const swipe = useSwipe(next, previous);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (isTyping(event.target) || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key === "ArrowRight") go(current + 1);
      else if (event.key === "ArrowLeft") go(current - 1);
      else return;
      event.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  });

  if (invalidId || isNotFound(query.error)) return <NotFoundPage />;
  if (query.isPending) return <Loading label={t("recipes.loadingRecipe")} />;
  if (!recipe) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;

  const shown = recipe.steps[current - 1];
  // This step's timers that run (or are paused) now, by where their words start in the text.
  const running = new Set(
    timers.timers
      .filter((timer) => timer.recipeId === recipe.id && timer.step === current && !timer.rang)
      .map((timer) => timer.start),
  );
  const toggle = (index: number) =>
    setTicked((old) => {
      const next = new Set(old);
      if (!next.delete(index)) next.add(index);
      return next;
    });

  return (
    <div className="cook">
      <header className="cook-bar">
        <Link
          to="/recipes/$recipeId"
          params={{ recipeId }}
          search={{ servings }}
          className="button button-quiet"
        >
          <span aria-hidden="true">← </span>
          {t("recipes.backToRecipe")}
        </Link>
        <p className="cook-awake" role="status">
          {awake ? t("recipes.screenStaysOn") : ""}
        </p>
      </header>
      <h1 className="cook-title">{recipe.title}</h1>

      {count === 0 ? (
        <p className="cook-step-text">{t("recipes.cookNoSteps")}</p>
      ) : (
        <section className="cook-step" aria-labelledby="cook-step-label" {...swipe}>
          <h2 id="cook-step-label" className="cook-step-label" tabIndex={-1}>
            {t("recipes.stepOf", { current, count })}
          </h2>
          <p className="cook-step-text" aria-live="polite">
            {shown && (
              <StepText
                description={shown.description}
                timers={shown.timers ?? []} // a recipe kept offline from before timers has none
                running={running}
                onStart={(timer) =>
                  timers.start({
                    recipeId: recipe.id,
                    recipeTitle: recipe.title,
                    step: current,
                    text: timer.text,
                    seconds: timer.seconds,
                    start: timer.start,
                  })
                }
              />
            )}
          </p>
          <progress
            className="cook-progress"
            max={count}
            value={current}
            aria-label={t("recipes.stepsProgress")}
          />
        </section>
      )}

      <nav className="cook-nav" aria-label={t("recipes.steps")}>
        <button
          type="button"
          className="button button-large button-quiet"
          onClick={previous}
          disabled={current <= 1}
        >
          <span aria-hidden="true">← </span>
          {t("recipes.previous")}
        </button>
        {current < count ? (
          <button type="button" className="button button-large" onClick={next}>
            {t("recipes.next")}
            <span aria-hidden="true"> →</span>
          </button>
        ) : (
          <Link
            to="/recipes/$recipeId"
            params={{ recipeId }}
            search={{ servings }}
            className="button button-large"
          >
            {t("recipes.done")}
          </Link>
        )}
      </nav>
      <p className="hint cook-hint">{t("recipes.swipeHint")}</p>

      <details className="cook-ingredients" open>
        <summary>
          {t("recipes.ingredientsTicked", { ticked: ticked.size, count: recipe.ingredients.length })}
        </summary>
        <ul>
          {recipe.ingredients.map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a recipe may list one ingredient twice; lines have no id
            <li key={`${line.ingredient_id}-${index}`}>
              <label className={ticked.has(index) ? "ticked" : undefined}>
                <input type="checkbox" checked={ticked.has(index)} onChange={() => toggle(index)} />
                {/* Unknown grams (`salt to taste`): the name and the amount as written alone. */}
                {line.amount_grams !== null && (
                  <span className="ingredient-grams">{formatGrams(line.amount_grams)}</span>
                )}{" "}
                {ingredientName(line.name)}
                {line.amount_readable && (
                  <span className="ingredient-readable"> ({line.amount_readable})</span>
                )}
              </label>
            </li>
          ))}
        </ul>
      </details>

      <TimerTray
        timers={timers.timers}
        now={timers.now}
        said={timers.said}
        alert={timers.alert}
        support={timers.support}
        recipeId={recipe.id}
        onPause={timers.pause}
        onResume={timers.resume}
        onRemove={timers.remove}
        onAllowNotifications={timers.allowNotifications}
      />
    </div>
  );
}

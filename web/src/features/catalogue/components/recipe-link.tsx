/**
 * "Made by recipe": the recipe that makes an ingredient (a dough, a stock), found by its title, or
 * none. The chosen recipe shows with a way to unlink it; otherwise a search lists matching recipes.
 */
import { useInfiniteQuery } from "@tanstack/react-query";
import { useDeferredValue, useId, useState } from "react";
import { around, useT } from "../../../i18n/index.ts";
import { recipeQueries } from "../../../lib/api/recipes.ts";
import { allItems } from "../../../lib/keyset.ts";

export type LinkedRecipe = { id: number; title: string } | null;

const MAX_RESULTS = 6;

export function RecipeLink({
  value,
  onChange,
  error,
}: {
  value: LinkedRecipe;
  onChange: (recipe: LinkedRecipe) => void;
  error?: string;
}) {
  const id = useId();
  const [q, setQ] = useState("");
  const term = useDeferredValue(q.trim());
  const results = useInfiniteQuery({
    ...recipeQueries.list({ q: term }),
    enabled: value === null && term !== "",
  });
  const found = allItems(results.data).slice(0, MAX_RESULTS);
  const errorId = `${id}-error`;
  const { t } = useT();
  // "Made by {title}" with the title in bold, wherever the language puts it.
  const [before, after] = around("catalogue.madeBy", "title");

  return (
    <fieldset className="recipe-link" aria-describedby={error ? errorId : `${id}-hint`}>
      <legend>{t("catalogue.madeByRecipe")}</legend>
      <p id={`${id}-hint`} className="field-hint">
        {t("catalogue.recipeLinkHint")}
      </p>
      {value ? (
        <div className="recipe-link-chosen">
          <span>
            {before}
            <strong>{value.title}</strong>
            {after}
          </span>
          <button type="button" className="button button-quiet" onClick={() => onChange(null)}>
            {t("catalogue.unlinkRecipe")}
          </button>
        </div>
      ) : (
        <>
          <div className="field">
            <label htmlFor={`${id}-q`}>{t("catalogue.findRecipe")}</label>
            <input
              id={`${id}-q`}
              type="search"
              autoComplete="off"
              value={q}
              aria-invalid={error ? true : undefined}
              onChange={(event) => setQ(event.currentTarget.value)}
            />
          </div>
          {term !== "" && (
            <ul
              className="recipe-link-results"
              aria-label={t("catalogue.matchingRecipes")}
              aria-busy={results.isFetching}
            >
              {found.map((recipe) => (
                <li key={recipe.id}>
                  <button
                    type="button"
                    className="button button-quiet"
                    aria-label={t("catalogue.madeBy", { title: recipe.title })}
                    onClick={() => {
                      onChange({ id: recipe.id, title: recipe.title });
                      setQ("");
                    }}
                  >
                    {recipe.title}
                  </button>
                </li>
              ))}
            </ul>
          )}
          {results.isSuccess && found.length === 0 && <p className="hint">{t("catalogue.noRecipeTitle")}</p>}
        </>
      )}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/**
 * Search and filters of the browse page. Everything lives in the URL: each change navigates, so a
 * link or a reload shows the same results and Back undoes a filter.
 */
import { useInfiniteQuery, useQueries } from "@tanstack/react-query";
import { useId, useState } from "react";
import { around, type MessageId, useT } from "../../../i18n/index.ts";
import { categoryQueries, ingredientQueries } from "../../../lib/api/catalogue.ts";
import { type RecipeSort, SIGNED_IN_SORTS } from "../../../lib/api/recipes.ts";
import { useAuth } from "../../../lib/auth.ts";
import { allItems } from "../../../lib/keyset.ts";
import "../marks.css";

export type BrowseSearch = {
  q?: string;
  category_id?: number;
  ingredient_id?: number[];
  max_minutes?: number;
  sort?: RecipeSort;
  user_id?: number;
  /** Only the signed-in cook's favourites. */
  favourite?: true;
};

type Change = (patch: Partial<BrowseSearch>) => void;

const TIMES = [15, 30, 45, 60, 90, 120];
const SORT_LABELS: Record<RecipeSort, MessageId> = {
  newest: "recipes.sortNewest",
  oldest: "recipes.sortOldest",
  title: "recipes.sortTitle",
  cook_time: "recipes.sortCookTime",
  rating: "recipes.sortRating",
  last_cooked: "recipes.sortLastCooked",
};

export function Filters({ search, onChange }: { search: BrowseSearch; onChange: Change }) {
  const { t } = useT();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const { session } = useAuth();
  const categories = useInfiniteQuery(categoryQueries.list());
  const active =
    (search.category_id ? 1 : 0) +
    (search.ingredient_id?.length ?? 0) +
    (search.max_minutes ? 1 : 0) +
    (search.favourite && session ? 1 : 0);

  return (
    <section className="filters" data-open={open} aria-label={t("recipes.filters")}>
      <button
        type="button"
        className="button button-quiet filters-toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        {active ? t("recipes.filtersActive", { count: active }) : t("recipes.filters")}
      </button>
      <div className="filters-panel" id={panelId}>
        <div className="field">
          <label htmlFor={`${panelId}-category`}>{t("recipes.filterCategory")}</label>
          <select
            id={`${panelId}-category`}
            value={search.category_id ?? ""}
            onChange={(e) => onChange({ category_id: e.target.value ? Number(e.target.value) : undefined })}
          >
            <option value="">{t("recipes.anyCategory")}</option>
            {allItems(categories.data).map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${panelId}-time`}>{t("recipes.filterTotalTime")}</label>
          <select
            id={`${panelId}-time`}
            value={search.max_minutes ?? ""}
            onChange={(e) => onChange({ max_minutes: e.target.value ? Number(e.target.value) : undefined })}
          >
            <option value="">{t("recipes.anyTime")}</option>
            {TIMES.map((m) => (
              <option key={m} value={m}>
                {m < 60
                  ? t("recipes.minutesOrLess", { minutes: m })
                  : t("recipes.hoursOrLess", { hours: m / 60 })}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${panelId}-sort`}>{t("recipes.sort")}</label>
          <select
            id={`${panelId}-sort`}
            value={search.sort ?? ""}
            onChange={(e) => onChange({ sort: (e.target.value || undefined) as RecipeSort | undefined })}
          >
            <option value="">{t(search.q ? "recipes.sortBestMatch" : "recipes.sortNewest")}</option>
            {Object.entries(SORT_LABELS).map(([value, label]) =>
              (!search.q && value === "newest") ||
              (!session && SIGNED_IN_SORTS.includes(value as RecipeSort)) ? null : (
                <option key={value} value={value}>
                  {t(label)}
                </option>
              ),
            )}
          </select>
        </div>
        {session && (
          <div className="field">
            <label className="filter-check">
              <input
                type="checkbox"
                checked={search.favourite === true}
                onChange={(e) => onChange({ favourite: e.target.checked || undefined })}
              />
              {t("recipes.favouritesOnly")}
            </label>
          </div>
        )}
        <IngredientFilter selected={search.ingredient_id ?? []} onChange={onChange} />
      </div>
    </section>
  );
}

/** "Uses all of these ingredients": type to find one, pick it, remove it again from its chip. */
function IngredientFilter({ selected, onChange }: { selected: number[]; onChange: Change }) {
  const { t } = useT();
  const id = useId();
  const [text, setText] = useState("");
  const term = text.trim();
  const matches = useInfiniteQuery({ ...ingredientQueries.list(term), enabled: term.length > 0 });
  const names = useQueries({ queries: selected.map((i) => ingredientQueries.detail(i)) });
  const suggestions = term
    ? allItems(matches.data)
        .filter((i) => !selected.includes(i.id))
        .slice(0, 6)
    : [];

  const set = (ids: number[]) => onChange({ ingredient_id: ids.length ? ids : undefined });
  return (
    <div className="field ingredient-filter">
      <label htmlFor={id}>{t("recipes.withIngredients")}</label>
      {selected.length > 0 && (
        <ul className="chips" aria-label={t("recipes.chosenIngredients")}>
          {selected.map((ingredientId, index) => {
            const name = names[index]?.data?.name ?? t("recipes.ingredientNumber", { id: ingredientId });
            return (
              <li key={ingredientId}>
                <button
                  type="button"
                  className="chip"
                  aria-label={t("recipes.removeIngredient", { name })}
                  onClick={() => set(selected.filter((s) => s !== ingredientId))}
                >
                  {name} <span aria-hidden="true">×</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <input
        id={id}
        type="search"
        placeholder={t("recipes.typeToFind")}
        value={text}
        autoComplete="off"
        aria-describedby={`${id}-count`}
        onChange={(e) => setText(e.target.value)}
      />
      <p id={`${id}-count`} className="visually-hidden" aria-live="polite">
        {term && !matches.isPending ? t("recipes.matchingCount", { count: suggestions.length }) : ""}
      </p>
      {suggestions.length > 0 && (
        <ul className="suggestions" aria-label={t("recipes.matchingIngredients")}>
          {suggestions.map((ingredient) => (
            <li key={ingredient.id}>
              <button
                type="button"
                className="suggestion"
                onClick={() => {
                  set([...selected, ingredient.id]);
                  setText("");
                  document.getElementById(id)?.focus();
                }}
              >
                <NameInSentence id="recipes.addIngredient" name={ingredient.name} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** "Add Flour" read aloud, the name alone on screen: the words around it, in the language's order, hidden. */
function NameInSentence({ id, name }: { id: MessageId; name: string }) {
  useT(); // re-rendered in a language chosen
  const [before, after] = around(id, "name");
  return (
    <>
      {before && <span className="visually-hidden">{before}</span>}
      {name}
      {after && <span className="visually-hidden">{after}</span>}
    </>
  );
}

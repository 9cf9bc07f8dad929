/**
 * An ingredient's nutrition per 100 g and where it comes from (CONTRACT.md: nutrition): the food of
 * USDA's table it was matched to, one a person chose, or values typed in. Whoever may edit the
 * ingredient can choose another food from the table (searched in any of the ten languages) or go
 * back to the automatic match.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useT } from "../../../i18n/index.ts";
import { api, call, type Schemas } from "../../../lib/api/client.ts";
import { errorMessage } from "../../../lib/errors.ts";
import { formatKcal, formatNutrientGrams, NUTRIENT_ROWS } from "../../../lib/nutrition.ts";
import { ingredientSaved, updateIngredient } from "../api/mutations.ts";

type Ingredient = Schemas["IngredientRead"];
type Nutrients = NonNullable<Ingredient["nutrients_per_100g"]>;

export function IngredientNutrition({ ingredient, editable }: { ingredient: Ingredient; editable: boolean }) {
  const { t } = useT();
  const [choosing, setChoosing] = useState(false);
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (foodId: number | null) => updateIngredient(ingredient.id, { nutrition_food_id: foodId }),
    onSuccess: (saved) => {
      ingredientSaved(queryClient, saved);
      setChoosing(false);
    },
  });
  const source = ingredient.nutrition_source;
  const byPerson = source?.by === "person";

  return (
    <section aria-labelledby="ingredient-nutrition" className="ingredient-nutrition">
      <h2 id="ingredient-nutrition">{t("nutrition.ingredientHeading")}</h2>
      {ingredient.nutrients_per_100g && <NutrientFacts nutrients={ingredient.nutrients_per_100g} />}
      <p className="hint">
        {source === null
          ? t("nutrition.noMatch")
          : source.food_name === null
            ? t("nutrition.typedByPerson")
            : byPerson
              ? t("nutrition.chosenFood", { food: source.food_name })
              : t("nutrition.matchedTo", { food: source.food_name })}
      </p>
      {editable && (
        <div className="page-actions">
          {!choosing && (
            <button type="button" className="button button-quiet" onClick={() => setChoosing(true)}>
              {t("nutrition.chooseFood")}
            </button>
          )}
          {byPerson && (
            <button
              type="button"
              className="button button-quiet"
              disabled={save.isPending}
              onClick={() => save.mutate(null)}
            >
              {t("nutrition.backToMatch")}
            </button>
          )}
        </div>
      )}
      {choosing && (
        <FoodSearch
          initial={ingredient.name}
          busy={save.isPending}
          onChoose={(foodId) => save.mutate(foodId)}
          onClose={() => setChoosing(false)}
        />
      )}
      {save.isError && (
        <p className="field-error" role="alert">
          {errorMessage(save.error)}
        </p>
      )}
    </section>
  );
}

/** Energy and the seven nutrients per 100 g, as a short list of facts. */
function NutrientFacts({ nutrients }: { nutrients: Nutrients }) {
  const { t } = useT();
  return (
    <dl className="facts">
      <div>
        <dt>{t("nutrition.energy")}</dt>
        <dd>{formatKcal(nutrients.energy_kcal) ?? t("nutrition.notKnown")}</dd>
      </div>
      {NUTRIENT_ROWS.filter((row) => !row.sub).map((row) => (
        <div key={row.key}>
          <dt>{t(row.label)}</dt>
          <dd>{formatNutrientGrams(nutrients[row.key]) ?? t("nutrition.notKnown")}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A search of the food table, in the reader's language, each food found with a button to use it. */
function FoodSearch({
  initial,
  busy,
  onChoose,
  onClose,
}: {
  initial: string;
  busy: boolean;
  onChoose: (foodId: number) => void;
  onClose: () => void;
}) {
  const { t, language } = useT();
  const id = useId();
  const [q, setQ] = useState(initial);
  const query = q.trim();
  const foods = useQuery({
    queryKey: ["foods", query, language] as const,
    queryFn: ({ signal }) =>
      call(api.GET("/api/v1/foods", { params: { query: { q: query, lang: language, limit: 10 } }, signal })),
    enabled: query !== "",
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
  const items = foods.data?.items ?? [];

  return (
    <div className="food-search">
      <div className="field">
        <label htmlFor={id}>{t("nutrition.searchFoods")}</label>
        <input
          id={id}
          type="search"
          value={q}
          autoComplete="off"
          aria-describedby={`${id}-hint`}
          onChange={(e) => setQ(e.currentTarget.value)}
        />
        <p id={`${id}-hint`} className="hint">
          {t("nutrition.searchFoodsHint")}
        </p>
      </div>
      <p className="visually-hidden" role="status">
        {query !== "" && foods.data
          ? items.length
            ? t("nutrition.foodsFound", { count: items.length })
            : t("nutrition.noFoodsFound", { query })
          : ""}
      </p>
      {foods.isError && (
        <p className="field-error" role="alert">
          {errorMessage(foods.error)}
        </p>
      )}
      {query !== "" && foods.data && items.length === 0 && (
        <p className="hint">{t("nutrition.noFoodsFound", { query })}</p>
      )}
      <ul className="food-results">
        {items.map((food) => (
          <li key={food.id}>
            <span>
              {food.name}
              {food.nutrients_per_100g?.energy_kcal != null && (
                <span className="hint"> · {formatKcal(food.nutrients_per_100g.energy_kcal)}</span>
              )}
            </span>
            <button
              type="button"
              className="button button-quiet"
              disabled={busy}
              onClick={() => onChoose(food.id)}
            >
              {t("nutrition.useFood", { food: food.name })}
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="button button-quiet" onClick={onClose}>
        {t("nutrition.close")}
      </button>
    </div>
  );
}

/**
 * The recipe's nutrition while it is written: what the lines give per serving (per 100 g until the
 * servings are said), asked of POST /ingredient-lines/nutrition once the typing settles. A line is
 * sent as its grams and name where it has grams (they are what the recipe will store), else as
 * written.
 */
import { useEffect, useState } from "react";
import { type Control, useWatch } from "react-hook-form";
import { useT } from "../../../i18n/index.ts";
import { formatShare, wholeNumber } from "../../../lib/nutrition.ts";
import { useLinesNutrition } from "../api/ingredient-lines.ts";
import { type IngredientLineValues, parseGrams, type RecipeFormValues } from "../form/recipe-form.ts";

/** How long the lines must stay unchanged before they are sent. */
const SETTLE_MS = 600;
/** The API reads at most 200 lines at once (CONTRACT.md). */
const MAX_LINES = 200;

/** A line as the API reads it: "188 g flour" where the grams are known, else "a pinch salt". */
export function lineForNutrition(line: IngredientLineValues): string | null {
  const name = line.name.trim();
  if (name === "") return null;
  const grams = parseGrams(line.amount_grams);
  if (grams !== null && Number.isFinite(grams)) return `${grams} g ${name}`;
  return `${line.amount_readable.trim()} ${name}`.trim();
}

function useSettled<T>(value: T, key: string): T {
  const [settled, setSettled] = useState(value);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `value`, which is new on every render
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [key]);
  return settled;
}

export function NutritionSoFar({ control }: { control: Control<RecipeFormValues> }) {
  const { t, language } = useT();
  const [ingredients, servingsText] = useWatch({ control, name: ["ingredients", "servings"] });
  const lines = ingredients.flatMap((line) => lineForNutrition(line) ?? []).slice(0, MAX_LINES);
  const servings = /^\d+$/.test(servingsText.trim()) ? Number(servingsText) : null;
  const sent = useSettled({ lines, servings: servings || null }, JSON.stringify([lines, servings]));
  const query = useLinesNutrition(sent.lines, sent.servings, language);
  const answer = sent.lines.length > 0 ? query.data : undefined;
  const kcal = answer?.per_serving?.energy_kcal ?? answer?.per_100g?.energy_kcal ?? null;

  return (
    <section className="editor-section editor-nutrition" aria-labelledby="editor-nutrition-heading">
      <h2 id="editor-nutrition-heading">{t("nutrition.liveHeading")}</h2>
      <p aria-live="polite">
        {answer && kcal !== null && answer.coverage > 0 ? (
          <>
            {answer.per_serving
              ? t("nutrition.livePerServing", { kcal: wholeNumber(kcal) })
              : t("nutrition.livePer100g", { kcal: wholeNumber(kcal) })}
            {" · "}
            {t("nutrition.liveCoverage", { share: formatShare(answer.coverage) })}
          </>
        ) : (
          <span className="hint">{t("nutrition.liveNothing")}</span>
        )}
      </p>
    </section>
  );
}

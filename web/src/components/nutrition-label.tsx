/**
 * A recipe's nutrition label: per serving (per 100 g for a recipe that does not say its servings)
 * and per 100 g, from the grams of each line (CONTRACT.md: nutrition), with what it could not know
 * said in words beneath it. Nothing is shown when nothing is known.
 */
import { useIngredientName } from "../i18n/food-names.ts";
import { useT } from "../i18n/index.ts";
import {
  formatKcal,
  formatKj,
  formatNutrientGrams,
  formatShare,
  missingInWords,
  NUTRIENT_ROWS,
  type Nutrition,
  type NutritionFacts,
} from "../lib/nutrition.ts";
import "./nutrition-label.css";

type Props = {
  nutrition: Nutrition | null;
  /** The recipe's distinct ingredients, for "3 of 9 ingredients have no data". */
  ingredientCount: number;
};

export function NutritionLabel({ nutrition, ingredientCount }: Props) {
  const { t } = useT();
  const ingredientName = useIngredientName();
  if (!nutrition) return null;
  const columns: { label: string; facts: NutritionFacts }[] = [
    ...(nutrition.per_serving ? [{ label: t("nutrition.perServing"), facts: nutrition.per_serving }] : []),
    { label: t("nutrition.per100g"), facts: nutrition.per_100g },
  ];
  const cell = (text: string | null) =>
    text ?? (
      <>
        <span aria-hidden="true">—</span>
        <span className="visually-hidden">{t("nutrition.notKnown")}</span>
      </>
    );

  return (
    <section aria-labelledby="nutrition-heading" className="nutrition-label">
      <h2 id="nutrition-heading">{t("nutrition.heading")}</h2>
      <table>
        <thead>
          <tr>
            <th scope="col">{t("nutrition.nutrient")}</th>
            {columns.map((c) => (
              <th scope="col" key={c.label}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr className="nutrition-energy">
            <th scope="row">{t("nutrition.energy")}</th>
            {columns.map((c) => (
              <td key={c.label}>
                {cell(formatKcal(c.facts.energy_kcal))}
                {c.facts.energy_kj !== null && (
                  <span className="nutrition-kj">{formatKj(c.facts.energy_kj)}</span>
                )}
              </td>
            ))}
          </tr>
          {NUTRIENT_ROWS.map((row) => (
            <tr key={row.key} className={row.sub ? "nutrition-sub" : undefined}>
              <th scope="row">{t(row.label)}</th>
              {columns.map((c) => (
                <td key={c.label}>{cell(formatNutrientGrams(c.facts[row.key]))}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {!nutrition.per_serving && <p className="hint">{t("nutrition.noServings")}</p>}
      <p className="hint">
        {missingInWords(nutrition.missing.map(ingredientName), ingredientCount)}{" "}
        {nutrition.coverage < 1 && t("nutrition.coverage", { share: formatShare(nutrition.coverage) })}
      </p>
      <p className="hint">{t("nutrition.source")}</p>
    </section>
  );
}

/**
 * Nutrition as the API works it out from the grams (CONTRACT.md: nutrition), written for a cook:
 * energy in whole kcal and kJ, grams with one decimal below 10 g, and what is not known said so,
 * never shown as 0.
 */
import { currentLanguage, type MessageId, t } from "../i18n/index.ts";
import type { Schemas } from "./api/client.ts";

export type Nutrition = NonNullable<Schemas["RecipeRead"]["nutrition"]>;
export type NutritionFacts = Nutrition["per_100g"];

/** The nutrients in grams (energy aside), as food labels print them; `sub` rows are "of which" lines. */
export const NUTRIENT_ROWS: readonly {
  key: Exclude<keyof NutritionFacts, "energy_kcal" | "energy_kj">;
  label: MessageId;
  sub?: true;
}[] = [
  { key: "fat_g", label: "nutrition.fat" },
  { key: "saturated_fat_g", label: "nutrition.saturatedFat", sub: true },
  { key: "carbohydrate_g", label: "nutrition.carbohydrate" },
  { key: "sugars_g", label: "nutrition.sugars", sub: true },
  { key: "fiber_g", label: "nutrition.fiber" },
  { key: "protein_g", label: "nutrition.protein" },
  { key: "salt_g", label: "nutrition.salt" },
];

const number = (maxDigits: number) =>
  new Intl.NumberFormat(currentLanguage(), { maximumFractionDigits: maxDigits });

/** 1725.5 → "1,726": energy in whole units, for messages that say the unit themselves. */
export const wholeNumber = (value: number): string => number(0).format(value);

/** 412.4 → "412 kcal"; null → null (not known). */
export const formatKcal = (kcal: number | null): string | null =>
  kcal === null ? null : t("nutrition.kcal", { amount: wholeNumber(kcal) });

/** 1725.5 → "1,726 kJ"; null → null. */
export const formatKj = (kj: number | null): string | null =>
  kj === null ? null : t("nutrition.kj", { amount: wholeNumber(kj) });

/** 23.46 → "23 g", 2.46 → "2.5 g"; null → null. */
export const formatNutrientGrams = (grams: number | null): string | null =>
  grams === null ? null : t("lib.grams", { amount: number(grams >= 10 ? 0 : 1).format(grams) });

/** 0.92 → "92 %" in the active language. */
export const formatShare = (share: number): string =>
  new Intl.NumberFormat(currentLanguage(), { style: "percent", maximumFractionDigits: 0 }).format(share);

/**
 * What the figures rest on, in words: every ingredient known, or "3 of 9 ingredients have no data:
 * salt, pepper and water." (`total` is the number of distinct ingredients of the recipe).
 */
export function missingInWords(missing: readonly string[], total: number): string {
  if (missing.length === 0) return t("nutrition.allCovered");
  const names = new Intl.ListFormat(currentLanguage(), { style: "long", type: "conjunction" }).format(
    missing,
  );
  return t("nutrition.missing", { count: missing.length, total: Math.max(total, missing.length), names });
}

/**
 * A recipe's nutrition from its lines' grams (CONTRACT.md: nutrition): one computation for a saved
 * recipe's read, unsaved lines (`POST /ingredient-lines/nutrition`) and the meal plan. Pure: the
 * callers read each line's grams and its ingredient's nutrients per 100 g.
 *
 * - A line counts when it has grams and its ingredient has nutrients; its share of each nutrient is
 *   grams × value / 100. A nutrient the table leaves empty for a food (SR28 has no sugars for some)
 *   adds nothing; a nutrient no counted line knows is null, never 0.
 * - `coverage` is the share of the recipe's grams (lines with grams) whose ingredient has nutrients;
 *   `missing` names the lines without nutrients or without grams, in the recipe's order, once each.
 * - Per 100 g is of the whole recipe's grams, the uncounted lines' too (water weighs and adds
 *   nothing): the dish as mixed, before cooking changes its weight. Per serving divides the totals by
 *   `servings`; a recipe without servings has none.
 * - `energy_kj` stands beside `energy_kcal` (× 4.184). Values are rounded as labels round them:
 *   energy to whole kcal and kJ, the rest to 0.1 g (salt to 0.01 g).
 * - Nothing known (no line counts): null.
 */
import { NUTRIENTS, type Nutrient, type Nutrients } from "./table.ts";

export type NutritionLine = {
  /** The ingredient's name, as `missing` lists it. */
  name: string;
  /** The line's grams, or null when unknown. */
  grams: number | null;
  /** The ingredient's nutrients per 100 g, or null when it has none. */
  per100g: Nutrients | null;
};

export type NutritionFacts = Nutrients & { energy_kj: number | null };

export type Nutrition = {
  per_serving: NutritionFacts | null;
  per_100g: NutritionFacts;
  /** 0–1: the share of the recipe's grams whose ingredient has nutrients. */
  coverage: number;
  /** The ingredients without nutrients or without grams. */
  missing: string[];
};

export const KJ_PER_KCAL = 4.184;

/** Rounded as a label writes it. */
function rounded(nutrient: Nutrient | "energy_kj", value: number): number {
  if (nutrient === "energy_kcal" || nutrient === "energy_kj") return Math.round(value);
  const step = nutrient === "salt_g" ? 100 : 10;
  return Math.round(value * step) / step;
}

function facts(totals: Record<Nutrient, number | null>, divisor: number): NutritionFacts {
  const values = Object.fromEntries(
    NUTRIENTS.map((n) => {
      const total = totals[n];
      return [n, total === null ? null : rounded(n, total / divisor)];
    }),
  ) as Nutrients;
  const kcal = totals.energy_kcal;
  return {
    ...values,
    energy_kj: kcal === null ? null : rounded("energy_kj", (kcal * KJ_PER_KCAL) / divisor),
  };
}

/** The recipe's nutrition, or null when no line's nutrients are known. */
export function nutritionOf(lines: readonly NutritionLine[], servings: number | null): Nutrition | null {
  const totals = Object.fromEntries(NUTRIENTS.map((n) => [n, null])) as Record<Nutrient, number | null>;
  let allGrams = 0;
  let countedGrams = 0;
  let known = false;
  const missing: string[] = [];
  for (const line of lines) {
    const grams = line.grams !== null && Number.isFinite(line.grams) && line.grams >= 0 ? line.grams : null;
    if (grams !== null) allGrams += grams;
    if (grams === null || !line.per100g) {
      if (!missing.includes(line.name)) missing.push(line.name);
      continue;
    }
    known = true;
    countedGrams += grams;
    for (const n of NUTRIENTS) {
      const value = line.per100g[n];
      if (value === null || value === undefined) continue;
      totals[n] = (totals[n] ?? 0) + (grams * value) / 100;
    }
  }
  if (!known) return null;
  return {
    per_serving: servings && servings > 0 ? facts(totals, servings) : null,
    per_100g: facts(totals, allGrams > 0 ? allGrams / 100 : 1),
    coverage: allGrams > 0 ? Math.round((countedGrams / allGrams) * 1000) / 1000 : 0,
    missing,
  };
}

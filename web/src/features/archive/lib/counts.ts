/**
 * What an archive holds, or what an import brought in, as a person reads it: the API counts rows per
 * table (plus `pictures`, `ingredients_matched`…); the tables that only link rows are left out.
 * The words are the archive part's plural messages, in the active language.
 */
import { currentLanguage, type MessageId, t } from "../../../i18n/index.ts";

/** The tables shown, in order, each with its message (`{count, plural, …}`). */
const LABELS: [key: string, message: MessageId][] = [
  ["users", "archive.countUsers"],
  ["recipes", "archive.countRecipes"],
  ["ingredients", "archive.countNewIngredients"],
  ["ingredients_matched", "archive.countIngredientsMatched"],
  ["categories", "archive.countCategories"],
  ["categories_matched", "archive.countCategoriesMatched"],
  ["stores", "archive.countStores"],
  ["shelves", "archive.countShelves"],
  ["shopping_lists", "archive.countShoppingLists"],
  ["shopping_list_items", "archive.countListItems"],
  ["meal_plan_entries", "archive.countPlannedMeals"],
  ["pictures", "archive.countPictures"],
];

/**
 * `{recipes: 3, pictures: 1, recipe_steps: 12}` → ["3 recipes", "1 picture"], in a fixed order.
 * In an export, `ingredients` are all the archive's ingredients, not new ones: `exported` says so.
 */
export function describeCounts(counts: Record<string, number>, exported = false): string[] {
  return LABELS.filter(([key]) => (counts[key] ?? 0) > 0).map(([key, message]) =>
    t(exported && key === "ingredients" ? "archive.countIngredients" : message, { count: counts[key] ?? 0 }),
  );
}

/** The counts as one list in the active language ("3 recipes, 1 picture"); "" when nothing counts. */
export const listCounts = (counts: Record<string, number>, exported = false): string =>
  new Intl.ListFormat(currentLanguage(), { type: "unit", style: "short" }).format(
    describeCounts(counts, exported),
  );

const UNITS: MessageId[] = ["archive.sizeBytes", "archive.sizeKb", "archive.sizeMb", "archive.sizeGb"];

/** 1536 → "1.5 KB": archive sizes, the number written in the active language. */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  const size = new Intl.NumberFormat(currentLanguage(), {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    useGrouping: false,
  }).format(value);
  return t(UNITS[unit] ?? "archive.sizeGb", { size, count: Math.round(value) });
}

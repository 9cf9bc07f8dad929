/**
 * What an archive holds, or what an import brought in, as a person reads it: the API counts rows per
 * table (plus `pictures`, `ingredients_matched`…); the tables that only link rows are left out.
 */

const LABELS: [key: string, one: string, many: string][] = [
  ["users", "account", "accounts"],
  ["recipes", "recipe", "recipes"],
  ["ingredients", "new ingredient", "new ingredients"],
  ["ingredients_matched", "ingredient already here", "ingredients already here"],
  ["categories", "category", "categories"],
  ["categories_matched", "category already here", "categories already here"],
  ["stores", "store", "stores"],
  ["shelves", "shelf", "shelves"],
  ["shopping_lists", "shopping list", "shopping lists"],
  ["shopping_list_items", "list item", "list items"],
  ["meal_plan_entries", "planned meal", "planned meals"],
  ["pictures", "picture", "pictures"],
];

/**
 * `{recipes: 3, pictures: 1, recipe_steps: 12}` → ["3 recipes", "1 picture"], in a fixed order.
 * In an export, `ingredients` are all the archive's ingredients, not new ones: `exported` says so.
 */
export function describeCounts(counts: Record<string, number>, exported = false): string[] {
  return LABELS.filter(([key]) => (counts[key] ?? 0) > 0).map(([key, one, many]) => {
    const n = counts[key] ?? 0;
    const word =
      exported && key === "ingredients" ? (n === 1 ? "ingredient" : "ingredients") : n === 1 ? one : many;
    return `${n} ${word}`;
  });
}

/** 1536 → "1.5 KB": archive sizes. */
export function formatBytes(bytes: number): string {
  const units = ["bytes", "KB", "MB", "GB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  return `${value.toFixed(digits)} ${units[unit]}`;
}

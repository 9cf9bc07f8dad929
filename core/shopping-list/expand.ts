/**
 * What adding a recipe puts on a list, worked out from its lines (and, expanded, the lines of the
 * recipes that make its ingredients) without touching the database: grams scaled, one need per
 * ingredient.
 */
import { Invalid } from "../errors.ts";

/** How many levels of "an ingredient made by a recipe" are replaced by that recipe's lines. */
export const MAX_EXPAND_DEPTH = 5;

/** One ingredient line of a recipe in the tree, with the recipe that makes its ingredient, if any. */
export type TreeLine = {
  recipe_id: number;
  ingredient_id: number;
  name: string;
  /** The recipe that makes this ingredient (`ingredients.recipe_id`). */
  made_by: number | null;
  amount_grams: number;
  amount_readable: string;
};

/** What one ingredient needs from one addition: grams and the readable amounts, joined. */
export type Need = { ingredient_id: number; name: string; amount_grams: number; amount_readable: string };

/** Grams keep the column's 3 decimals. */
export const roundGrams = (grams: number): number => Math.round(grams * 1000) / 1000;

/**
 * A readable amount as written, with the factor it was scaled by when that is not 1
 * (`2 cups × 1.5`), so the words never contradict the grams beside them.
 */
export function scaleReadable(readable: string, factor: number): string {
  const text = readable.trim();
  if (!text || Math.abs(factor - 1) < 1e-9) return text;
  return `${text} × ${Math.round(factor * 100) / 100}`;
}

/**
 * Which ingredients made by a recipe are made rather than bought: all of them (`true`), none
 * (`false`), or those listed by id, wherever they appear.
 */
export type Expand = boolean | readonly number[];

/**
 * The needs of `recipeId` scaled by `factor`, one per ingredient in the order first met. A line
 * whose ingredient a recipe makes, and that `expand` says to make (and whose recipe has grams to
 * scale from), is replaced by that recipe's lines scaled so they add up to the line's grams, down to
 * MAX_EXPAND_DEPTH levels; a recipe met again on its own path is a 422.
 */
export function recipeNeeds(
  lines: readonly TreeLine[],
  recipeId: number,
  factor: number,
  expand: Expand,
): Need[] {
  const makes = (ingredientId: number) =>
    expand === true || (Array.isArray(expand) && expand.includes(ingredientId));
  const byRecipe = new Map<number, TreeLine[]>();
  for (const line of lines) {
    const list = byRecipe.get(line.recipe_id) ?? [];
    list.push(line);
    byRecipe.set(line.recipe_id, list);
  }
  const total = (id: number) => (byRecipe.get(id) ?? []).reduce((sum, line) => sum + line.amount_grams, 0);
  const needs = new Map<number, { name: string; grams: number; readable: string[] }>();

  const walk = (id: number, scale: number, path: readonly number[]) => {
    for (const line of byRecipe.get(id) ?? []) {
      const grams = line.amount_grams * scale;
      const maker = line.made_by;
      if (maker !== null && makes(line.ingredient_id)) {
        if (path.includes(maker)) throw Invalid(`Recipe ID ${maker} contains itself.`);
        const makerGrams = total(maker);
        if (path.length <= MAX_EXPAND_DEPTH && makerGrams > 0) {
          walk(maker, grams / makerGrams, [...path, maker]);
          continue;
        }
      }
      const need = needs.get(line.ingredient_id) ?? { name: line.name, grams: 0, readable: [] };
      need.grams += grams;
      const readable = scaleReadable(line.amount_readable, scale);
      if (readable) need.readable.push(readable);
      needs.set(line.ingredient_id, need);
    }
  };
  walk(recipeId, factor, [recipeId]);

  return [...needs].map(([ingredient_id, need]) => ({
    ingredient_id,
    name: need.name,
    amount_grams: roundGrams(need.grams),
    amount_readable: need.readable.join(" + "),
  }));
}

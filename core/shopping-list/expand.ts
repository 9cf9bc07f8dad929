/**
 * What adding a recipe puts on a list, worked out from its lines (and, expanded, the lines of the
 * recipes that make its ingredients) without touching the database: grams scaled, one need per
 * ingredient.
 */
import { scaleAmount, sumAmounts } from "../amount/sum.ts";
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
  /** Null when unknown (`salt to taste`). */
  amount_grams: number | null;
  amount_readable: string;
};

/** What one ingredient needs from one addition: grams (null when no line says them), and the amounts as written added up. */
export type Need = {
  ingredient_id: number;
  name: string;
  amount_grams: number | null;
  amount_readable: string;
};

/** Grams keep the column's 3 decimals. */
export const roundGrams = (grams: number): number => Math.round(grams * 1000) / 1000;

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
  // What a recipe weighs: its known grams (a line of unknown grams, `salt to taste`, adds nothing).
  const total = (id: number) =>
    (byRecipe.get(id) ?? []).reduce((sum, line) => sum + (line.amount_grams ?? 0), 0);
  // Grams stay null while no line of the ingredient says them.
  const needs = new Map<number, { name: string; grams: number | null; readable: string[] }>();

  const walk = (id: number, scale: number, path: readonly number[]) => {
    for (const line of byRecipe.get(id) ?? []) {
      const grams = line.amount_grams === null ? null : line.amount_grams * scale;
      const maker = line.made_by;
      if (maker !== null && grams !== null && makes(line.ingredient_id)) {
        if (path.includes(maker)) throw Invalid(`Recipe ID ${maker} contains itself.`);
        const makerGrams = total(maker);
        if (path.length <= MAX_EXPAND_DEPTH && makerGrams > 0) {
          walk(maker, grams / makerGrams, [...path, maker]);
          continue;
        }
      }
      const need = needs.get(line.ingredient_id) ?? { name: line.name, grams: null, readable: [] };
      if (grams !== null) need.grams = (need.grams ?? 0) + grams;
      // Scaled in kitchen measures, so the words never contradict the grams beside them.
      const readable = scaleAmount(line.amount_readable.trim(), scale);
      if (readable) need.readable.push(readable);
      needs.set(line.ingredient_id, need);
    }
  };
  walk(recipeId, factor, [recipeId]);

  return [...needs].map(([ingredient_id, need]) => ({
    ingredient_id,
    name: need.name,
    amount_grams: need.grams === null ? null : roundGrams(need.grams),
    // Added up like one amount (`2 tbsp` + `1 tbsp` = `3 tbsp`); a line's note stays in the recipe.
    amount_readable: sumAmounts(need.readable),
  }));
}

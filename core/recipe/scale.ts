/**
 * A recipe at other servings (`GET /recipes/<id>?servings=N`): every line scaled by N / the recipe's
 * own servings, its grams (rounded to the column's 3 decimals) and its amount as written, in
 * kitchen measures (`1 1/2 cups` × 2 = `3 cups`, core/amount); `scale` says by how much. A module
 * of its own: reading amounts carries their parser, which only this route needs.
 */
import { scaleAmount } from "../amount/sum.ts";
import type { RecipeRead } from "./schemas.ts";
import { servingsScale } from "./servings.ts";

/** The recipe at `servings`; 422 for a recipe that does not say its servings (./servings.ts). */
export function scaleRecipe(recipe: RecipeRead, servings: number): RecipeRead {
  const { factor: scale } = servingsScale(recipe, servings);
  return {
    ...recipe,
    servings,
    scale,
    ingredients: recipe.ingredients.map((line) => ({
      ...line,
      amount_grams: line.amount_grams === null ? null : Math.round(line.amount_grams * scale * 1000) / 1000,
      amount_readable: scaleAmount(line.amount_readable, scale),
    })),
  };
}

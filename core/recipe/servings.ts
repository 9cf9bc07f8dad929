/**
 * A recipe at N servings, decided once: the factor its lines are scaled by and the 422 for a recipe
 * that does not say its own servings. The recipe read (`GET /recipes/<id>?servings=N`, ./scale.ts),
 * a shopping list's recipe (core/shopping-list) and a meal plan entry (core/meal-plan) all ask here.
 * A module of its own, without the amount parser, for the routes that only check servings.
 */
import { Invalid } from "../errors.ts";

/** 422 for `servings` given for a recipe that does not say its own servings (nothing to scale from). */
export const noServingsToScale = (recipeId: number) =>
  Invalid(`Recipe ID ${recipeId} has no servings to scale from.`, [
    { path: "servings", message: "The recipe does not say how many servings it makes." },
  ]);

/**
 * The servings a recipe is taken at (`servings`, else its own) and the factor from its own servings to
 * them. A recipe that does not say its servings is taken as written (servings null, factor 1); asking
 * it for servings is a 422 (noServingsToScale), unless `lenient` (a meal plan entry planned before its
 * recipe lost its servings is added as written).
 */
export function servingsScale(
  recipe: { id: number; servings: number | null },
  servings: number | undefined,
  lenient = false,
): { servings: number | null; factor: number } {
  if (recipe.servings === null) {
    if (servings !== undefined && !lenient) throw noServingsToScale(recipe.id);
    return { servings: null, factor: 1 };
  }
  const at = servings ?? recipe.servings;
  return { servings: at, factor: at / recipe.servings };
}

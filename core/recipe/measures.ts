/**
 * A recipe in the cook's measures (`GET /recipes/<id>?units=metric|us&lang=xx`, CONTRACT.md:
 * "languages and units"): every line's `amount_readable` converted from its grams and its
 * ingredient's density (core/amount/convert.ts), every step's temperatures in °C or °F
 * (core/amount/temperature.ts). Grams stay as they are. A module of its own: it carries the amount
 * parser and the languages' unit words, which only this route needs.
 */
import { convertAmount } from "../amount/convert.ts";
import type { Measures } from "../amount/measures.ts";
import { convertTemperatures } from "../amount/temperature.ts";
import { withTimers } from "../words/timers.ts";
import type { RecipeRead } from "./schemas.ts";

/**
 * The densities (g/ml) of the ingredients named, by id (core/recipe/repository.ts selectGramsPerMl):
 * asked through the caller, so that this module, loaded when a request asks for measures, takes no
 * database code with it (a module reached only by a dynamic import is wrapped whole, and so would
 * every module it pulls in be).
 */
export type Densities = (ingredientIds: readonly number[]) => Promise<ReadonlyMap<number, number>>;

/** The recipe (as read, or scaled: ./scale.ts) with its amounts and temperatures in `measures`. */
export async function recipeInMeasures(
  recipe: RecipeRead,
  measures: Measures,
  densitiesOf: Densities,
): Promise<RecipeRead> {
  const densities = await densitiesOf(recipe.ingredients.map((line) => line.ingredient_id));
  return {
    ...recipe,
    ingredients: recipe.ingredients.map((line) => ({
      ...line,
      amount_readable: convertAmount(
        line.amount_readable,
        { grams: line.amount_grams, gramsPerMl: densities.get(line.ingredient_id) ?? null },
        measures,
      ),
    })),
    // A converted temperature may change the text's length: the timers are read again from it.
    steps: withTimers(
      recipe.steps.map((step) => ({
        ...step,
        description: convertTemperatures(step.description, measures.units),
      })),
    ),
  };
}

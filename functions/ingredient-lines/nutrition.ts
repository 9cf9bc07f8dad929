import { getDb } from "../../core/db.ts";
import { linesNutrition } from "../../core/nutrition/lines.ts";
import { IngredientLinesNutrition, LinesNutritionRead } from "../../core/nutrition/schemas.ts";
import { PARSE_LIMIT } from "../../core/page-import/parse-lines.ts";
import { endpoint, ok } from "../lib/endpoint.ts";

export const handler = endpoint("ingredient-lines/nutrition", {
  summary: "The nutrition of ingredient lines not saved yet",
  description:
    "Each line (at most 200) is read as `POST /ingredient-lines/parse` reads it (`lang` as there), " +
    "then counted as a saved recipe's lines are: a line of an existing ingredient with that " +
    "ingredient's nutrients (matched, or a person's choice), any other line with the food of USDA's " +
    "table its name matches in any of the ten languages. `per_serving` divides by `servings` (null " +
    "without it), `per_100g` is of all the lines' grams, `coverage` the share of the grams whose food " +
    "is known; both null (coverage 0) when no line's is. Each line says its grams, its food " +
    "(`food_id`, `food_name`; null: none) and its energy in kcal. Nothing is written. Throttled per " +
    `user: at most ${PARSE_LIMIT.max} requests in ${PARSE_LIMIT.windowMinutes} minute, then 429 with ` +
    "Retry-After.",
  body: IngredientLinesNutrition,
  response: { status: 200, schema: LinesNutritionRead, description: "The lines' nutrition." },
  errors: ["too_many_requests"],
  handle: async ({ body, caller }) => ok(await linesNutrition(getDb(), body, caller)),
});

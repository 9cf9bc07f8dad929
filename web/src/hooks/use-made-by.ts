import { useQueries } from "@tanstack/react-query";
import { ingredientQueries } from "../lib/api/catalogue.ts";
import type { Schemas } from "../lib/api/client.ts";

/**
 * The recipe's `recipe_id` of each ingredient (a dough made by a recipe). A recipe's lines do not
 * carry it, so each ingredient is read once (cached, and shared with the ingredient pages).
 */
export function useMadeBy(lines: Schemas["RecipeIngredientRead"][]): Map<number, number> {
  const ids = [...new Set(lines.map((l) => l.ingredient_id))];
  const results = useQueries({ queries: ids.map((id) => ingredientQueries.detail(id)) });
  const made = new Map<number, number>();
  results.forEach((r, i) => {
    const id = ids[i];
    if (id !== undefined && r.data?.recipe_id) made.set(id, r.data.recipe_id);
  });
  return made;
}

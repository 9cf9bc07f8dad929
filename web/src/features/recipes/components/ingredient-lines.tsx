import { useQueries } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import type { Schemas } from "../../../lib/api/client.ts";
import { formatGrams } from "../../../lib/format.ts";
import { ingredientQueries } from "../../catalogue/api/queries.ts";

type Line = Schemas["RecipeIngredientRead"];

/**
 * The recipe's `recipe_id` of each ingredient (a dough made by a recipe). A recipe's lines do not
 * carry it, so each ingredient is read once (cached, and shared with the ingredient pages).
 */
export function useMadeBy(lines: Line[]): Map<number, number> {
  const ids = [...new Set(lines.map((l) => l.ingredient_id))];
  const results = useQueries({ queries: ids.map((id) => ingredientQueries.detail(id)) });
  const made = new Map<number, number>();
  results.forEach((r, i) => {
    const id = ids[i];
    if (id !== undefined && r.data?.recipe_id) made.set(id, r.data.recipe_id);
  });
  return made;
}

/** Scaled grams first and large, the amount as written beside them, each name a link. */
export function IngredientLines({ lines }: { lines: Line[] }) {
  const madeBy = useMadeBy(lines);
  return (
    <ul className="ingredients">
      {lines.map((line, index) => {
        const recipeId = madeBy.get(line.ingredient_id);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a recipe may list one ingredient twice; lines have no id
          <li key={`${line.ingredient_id}-${index}`} className="ingredient">
            <span className="ingredient-grams">{formatGrams(line.amount_grams)}</span>
            <span className="ingredient-name">
              <Link to="/ingredients/$ingredientId" params={{ ingredientId: String(line.ingredient_id) }}>
                {line.name}
              </Link>
              {recipeId && (
                // Read aloud "Pizza dough: see its recipe": the name says whose, and it holds the
                // words on screen, so a person using voice control can say what they see.
                <Link to="/recipes/$recipeId" params={{ recipeId: String(recipeId) }} className="made-by">
                  <span className="visually-hidden">{line.name}: </span>see its recipe
                </Link>
              )}
            </span>
            {line.amount_readable && <span className="ingredient-readable">{line.amount_readable}</span>}
          </li>
        );
      })}
    </ul>
  );
}

import { Link } from "@tanstack/react-router";
import { useMadeBy } from "../../../hooks/use-made-by.ts";
import { useIngredientName } from "../../../i18n/food-names.ts";
import { useT } from "../../../i18n/index.ts";
import type { Schemas } from "../../../lib/api/client.ts";
import { formatGrams } from "../../../lib/format.ts";

/** Scaled grams first and large, the amount as written beside them, each name a link. */
export function IngredientLines({ lines }: { lines: Schemas["RecipeIngredientRead"][] }) {
  const madeBy = useMadeBy(lines);
  const { t } = useT();
  const ingredientName = useIngredientName();
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
                {ingredientName(line.name)}
              </Link>
              {recipeId && (
                // Read aloud "Pizza dough: see its recipe": the name says whose, and it holds the
                // words on screen, so a person using voice control can say what they see.
                <Link to="/recipes/$recipeId" params={{ recipeId: String(recipeId) }} className="made-by">
                  <span className="visually-hidden">
                    {t("recipes.seeItsRecipeWhose", { name: ingredientName(line.name) })}
                  </span>
                  {t("recipes.seeItsRecipe")}
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

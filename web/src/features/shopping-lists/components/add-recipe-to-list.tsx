/**
 * On a recipe's page: "add to shopping list" at the servings shown, into one of the person's lists
 * or a new one. Each ingredient that a recipe makes (a dough, a sauce) can be bought ready or made:
 * making it adds that recipe's own ingredients instead (the API's `expand`, given the ids of the
 * ingredients to make). Bought is the default: it is what the recipe says.
 */
import { Link } from "@tanstack/react-router";
import { useId, useState } from "react";
import { LinkedText } from "../../../components/linked-text.tsx";
import { useMadeBy } from "../../../hooks/use-made-by.ts";
import { useT } from "../../../i18n/index.ts";
import type { Schemas } from "../../../lib/api/client.ts";
import { errorMessage } from "../../../lib/errors.ts";
import { useAddRecipe } from "../api/mutations.ts";
import "../shopping.css";
import { useListChoice } from "./list-choice.tsx";

export function AddRecipeToList({ recipe }: { recipe: Schemas["RecipeRead"] }) {
  const { t } = useT();
  const { field, resolve, create } = useListChoice(recipe.title.slice(0, 80));
  const madeBy = useMadeBy(recipe.ingredients);
  const made = [
    ...new Map(
      recipe.ingredients.filter((l) => madeBy.has(l.ingredient_id)).map((l) => [l.ingredient_id, l.name]),
    ),
  ];
  const [toMake, setToMake] = useState<ReadonlySet<number>>(new Set());
  const choose = (ingredientId: number, make: boolean) =>
    setToMake((current) => {
      const next = new Set(current);
      if (make) next.add(ingredientId);
      else next.delete(ingredientId);
      return next;
    });
  const add = useAddRecipe();
  const [added, setAdded] = useState<{ id: number; name: string } | null>(null);
  const id = useId();
  const busy = create.isPending || add.isPending;
  const servings = recipe.servings ?? undefined;

  const submit = async () => {
    setAdded(null);
    const list = await resolve();
    if (!list) return;
    const expand = toMake.size > 0 ? [...toMake] : undefined;
    await add.mutateAsync({ listId: list.id, recipe_id: recipe.id, servings, expand });
    setAdded({ id: list.id, name: list.name });
  };

  return (
    <form
      className="add-to-list no-print"
      aria-labelledby={`${id}-title`}
      onSubmit={(e) => {
        e.preventDefault();
        void submit().catch(() => undefined); // the mutations' errors are shown below
      }}
    >
      <h3 id={`${id}-title`} className="add-to-list-title">
        {t("shopping-lists.shoppingList")}
      </h3>
      {field(t("shopping-lists.addTo"))}
      {made.map(([ingredientId, name]) => (
        <fieldset key={ingredientId} className="add-to-list-make">
          <legend>{name}</legend>
          <label>
            <input
              type="radio"
              name={`${id}-make-${ingredientId}`}
              checked={!toMake.has(ingredientId)}
              onChange={() => choose(ingredientId, false)}
            />{" "}
            {t("shopping-lists.buyReady")}
          </label>
          <label>
            <input
              type="radio"
              name={`${id}-make-${ingredientId}`}
              checked={toMake.has(ingredientId)}
              onChange={() => choose(ingredientId, true)}
            />{" "}
            {t("shopping-lists.makeIt")}
          </label>
        </fieldset>
      ))}
      <button type="submit" className="button" disabled={busy}>
        {servings
          ? t("shopping-lists.addToListServings", { count: servings })
          : t("shopping-lists.addToList")}
      </button>
      <p className="add-to-list-said" role="status">
        {added && (
          <LinkedText
            text={t("shopping-lists.addedTo", { name: added.name })}
            link={(words) => (
              <Link to="/lists/$listId" params={{ listId: String(added.id) }}>
                {words}
              </Link>
            )}
          />
        )}
      </p>
      {(create.isError || add.isError) && (
        <p className="field-error" role="alert">
          {errorMessage(create.error ?? add.error)}
        </p>
      )}
    </form>
  );
}

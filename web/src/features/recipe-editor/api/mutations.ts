/**
 * The editor's writes: a recipe created or changed, its picture fetched from an address, and the new
 * ingredients of an import created on save; and what each makes stale in the query cache. Deleting
 * is ./delete-recipe.ts, without the editor's form (the recipe page offers it).
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ingredientNamed } from "../../../lib/api/catalogue.ts";
import { api, call, type Schemas } from "../../../lib/api/client.ts";
import { recipeSaved } from "../../../lib/api/recipe-saved.ts";
import { type RecipeFormValues, toRecipeBody } from "../form/recipe-form.ts";

const createRecipe = (body: Schemas["RecipeCreate"]) => call(api.POST("/api/v1/recipes", { body }));

const updateRecipe = (id: number, body: Schemas["RecipeCreate"]) =>
  call(api.PUT("/api/v1/recipes/{recipe_id}", { params: { path: { recipe_id: id } }, body }));

/**
 * An imported recipe's lines that name an ingredient this service does not have yet: each name is
 * created once (or found, if someone created it meanwhile) and reported through `onPicked(index, …)`,
 * so the form holds the new ids and a second save creates nothing twice. Answers the values to save.
 */
async function createMissingIngredients(
  values: RecipeFormValues,
  onPicked: (index: number, ingredient: Schemas["IngredientRead"]) => void,
): Promise<RecipeFormValues> {
  const byName = new Map<string, Promise<Schemas["IngredientRead"]>>();
  const ingredients = await Promise.all(
    values.ingredients.map(async (line, index) => {
      if (line.ingredient_id !== null) return line;
      const name = line.name.trim();
      const key = name.toLowerCase();
      if (!byName.has(key)) byName.set(key, ingredientNamed(name));
      const ingredient = await (byName.get(key) as Promise<Schemas["IngredientRead"]>);
      onPicked(index, ingredient);
      return { ...line, ingredient_id: ingredient.id, name: ingredient.name };
    }),
  );
  return { ...values, ingredients };
}

/** The recipe's picture fetched by the service from an address (the imported page's picture). */
const putRecipePictureFromUrl = (id: number, url: string) =>
  call(
    api.PUT("/api/v1/recipes/{recipe_id}/image", {
      params: { path: { recipe_id: id } },
      body: { url },
    }),
  ) as Promise<Schemas["RecipeRead"]>;

export type SaveRecipe = {
  /** The recipe's id, or null for a new one. */
  recipeId: number | null;
  values: RecipeFormValues;
  /**
   * Given for an import: its lines' new ingredients are created first, each reported here so the
   * form holds its id (and a second save creates nothing twice).
   */
  onNewIngredient?: (index: number, ingredient: Schemas["IngredientRead"]) => void;
};

/** Saves the editor's values: a new recipe, or the changes to one. */
export function useSaveRecipe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ recipeId, values, onNewIngredient }: SaveRecipe) => {
      const ready = onNewIngredient ? await createMissingIngredients(values, onNewIngredient) : values;
      const body = toRecipeBody(ready);
      return recipeId === null ? createRecipe(body) : updateRecipe(recipeId, body);
    },
    onSuccess: (saved) => recipeSaved(queryClient, saved),
  });
}

/** Has the service fetch the recipe's picture from an address (the imported page's own). */
export function usePictureFromUrl() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ recipeId, url }: { recipeId: number; url: string }) =>
      putRecipePictureFromUrl(recipeId, url),
    onSuccess: (recipe) => recipeSaved(queryClient, recipe),
  });
}

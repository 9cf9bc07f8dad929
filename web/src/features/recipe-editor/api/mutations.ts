/** The editor's writes: a recipe created, changed or deleted, and an ingredient created on the spot. */
import type { QueryClient } from "@tanstack/react-query";
import { api, call, type Schemas } from "../../../lib/api/client.ts";
import { ApiError } from "../../../lib/errors.ts";
import { recipeQueries } from "../../recipes/api/queries.ts";
import type { RecipeFormValues } from "../form/recipe-form.ts";

export const createRecipe = (body: Schemas["RecipeCreate"]) => call(api.POST("/api/v1/recipes", { body }));

export const updateRecipe = (id: number, body: Schemas["RecipeCreate"]) =>
  call(api.PUT("/api/v1/recipes/{recipe_id}", { params: { path: { recipe_id: id } }, body }));

export const deleteRecipe = (id: number) =>
  call(api.DELETE("/api/v1/recipes/{recipe_id}", { params: { path: { recipe_id: id } } }));

export const createIngredient = (name: string) =>
  call(api.POST("/api/v1/ingredients", { body: { name: name.trim() } }));

/** The ingredient named `name` ignoring case: created, or the existing one when the name is taken (409). */
async function ingredientNamed(name: string): Promise<Schemas["IngredientRead"]> {
  try {
    return await createIngredient(name);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 409) throw error;
    const page = await call(
      api.GET("/api/v1/ingredients", { params: { query: { q: name.trim(), limit: 100 } } }),
    );
    const found = page.items.find((i) => i.name.toLowerCase() === name.trim().toLowerCase());
    if (!found) throw error;
    return found;
  }
}

/**
 * An imported recipe's lines that name an ingredient this service does not have yet: each name is
 * created once (or found, if someone created it meanwhile) and reported through `onPicked(index, …)`,
 * so the form holds the new ids and a second save creates nothing twice. Answers the values to save.
 */
export async function createMissingIngredients(
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
export const putRecipePictureFromUrl = (id: number, url: string) =>
  call(
    api.PUT("/api/v1/recipes/{recipe_id}/image", {
      params: { path: { recipe_id: id } },
      body: { url },
    }),
  ) as Promise<Schemas["RecipeRead"]>;

/**
 * After a write: the unscaled detail is the answer itself; every list and every scaled view of the
 * recipe is stale (titles, pictures and times show in lists; grams in scaled views).
 */
export function recipeSaved(queryClient: QueryClient, recipe: Schemas["RecipeRead"]) {
  queryClient.setQueryData(recipeQueries.detail(recipe.id).queryKey, recipe);
  void queryClient.invalidateQueries({ queryKey: [...recipeQueries.all, "list"] });
  void queryClient.invalidateQueries({
    queryKey: [...recipeQueries.all, "detail", recipe.id],
    predicate: (query) => query.queryKey[3] !== null, // the scaled views
  });
}

export function recipeDeleted(queryClient: QueryClient, id: number) {
  queryClient.removeQueries({ queryKey: [...recipeQueries.all, "detail", id] });
  void queryClient.invalidateQueries({ queryKey: [...recipeQueries.all, "list"] });
}

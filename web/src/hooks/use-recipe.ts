import { useQuery } from "@tanstack/react-query";
import { recipeQueries } from "../lib/api/recipes.ts";
import type { Measures } from "../lib/measures.ts";
import { positiveInt } from "../lib/search.ts";

/**
 * The recipe of the page's `$recipeId`, scaled to `servings` and, for reading and cooking, in the
 * person's `measures`; an id that cannot be one is a 404.
 */
export function useRecipe(recipeId: string, servings: number | undefined, measures?: Measures) {
  const id = positiveInt(recipeId);
  const query = useQuery({ ...recipeQueries.detail(id ?? 0, servings, measures), enabled: id !== undefined });
  return { id, query, invalidId: id === undefined };
}

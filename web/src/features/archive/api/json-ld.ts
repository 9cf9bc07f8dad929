/**
 * A recipe as schema.org `Recipe` JSON-LD, as the API writes it (GET /recipes/<id> with
 * `Accept: application/ld+json`): embedded in the recipe's page for other recipe managers and search
 * engines, and offered as a file. Kept under the recipe's detail key, so a save or a delete of the
 * recipe (recipe-editor/api/mutations.ts) makes it stale or drops it with the rest.
 */
import { queryOptions } from "@tanstack/react-query";
import { api, call } from "../../../lib/api/client.ts";
import { recipeQueries } from "../../../lib/api/recipes.ts";

export const recipeJsonLdQuery = (id: number) =>
  queryOptions({
    queryKey: [...recipeQueries.recipe(id), "json-ld"] as const,
    queryFn: ({ signal }) =>
      call(
        api.GET("/api/v1/recipes/{recipe_id}", {
          params: { path: { recipe_id: id } },
          headers: { Accept: "application/ld+json" },
          parseAs: "text",
          signal,
        }),
      ) as Promise<string>,
  });

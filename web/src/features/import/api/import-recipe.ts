/** POST /recipes/import: a draft for review, nothing saved; with the categories to file it under. */
import type { QueryClient } from "@tanstack/react-query";
import { api, call } from "../../../lib/api/client.ts";
import { allItems } from "../../../lib/keyset.ts";
import { categoryQueries } from "../../catalogue/api/queries.ts";
import { draftToForm, type ImportedForm, type ImportRequest } from "../lib/draft-to-form.ts";

export type ImportedRecipe = ImportedForm & { imageUrl: string | null };

export async function importRecipe(queryClient: QueryClient, body: ImportRequest): Promise<ImportedRecipe> {
  const [draft, categories] = await Promise.all([
    call(api.POST("/api/v1/recipes/import", { body })),
    // Without the categories the recipe is still worth reviewing, just not filed under any.
    queryClient.fetchInfiniteQuery(categoryQueries.list()).catch(() => undefined),
  ]);
  return { ...draftToForm(draft, allItems(categories)), imageUrl: draft.image_url };
}

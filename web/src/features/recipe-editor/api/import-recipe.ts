/** POST /recipes/import: a draft for review, nothing saved; with the categories to file it under. */
import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { categoryQueries } from "../../../lib/api/catalogue.ts";
import { api, call } from "../../../lib/api/client.ts";
import { allItems } from "../../../lib/keyset.ts";
import { draftToForm, type ImportedForm, type ImportRequest } from "../form/draft-to-form.ts";

export type ImportedRecipe = ImportedForm & { imageUrl: string | null };

async function importRecipe(queryClient: QueryClient, body: ImportRequest): Promise<ImportedRecipe> {
  const [draft, categories] = await Promise.all([
    call(api.POST("/api/v1/recipes/import", { body })),
    // Without the categories the recipe is still worth reviewing, just not filed under any.
    queryClient.fetchInfiniteQuery(categoryQueries.list()).catch(() => undefined),
  ]);
  return { ...draftToForm(draft, allItems(categories)), imageUrl: draft.image_url };
}

/** Reads a recipe page (or its pasted HTML or JSON-LD) into the editor's form, for review. */
export function useImportRecipe() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (body: ImportRequest) => importRecipe(queryClient, body) });
}

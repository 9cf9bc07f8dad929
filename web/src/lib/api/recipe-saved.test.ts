import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import type { Schemas } from "./client.ts";
import { recipeSaved } from "./recipe-saved.ts";
import { recipeQueries } from "./recipes.ts";

describe("recipeSaved", () => {
  it("keeps the answer as the recipe and makes everything else kept under it, and every list, stale", () => {
    const queryClient = new QueryClient();
    const answer = { id: 5, title: "Bread, as restored" } as Schemas["RecipeRead"];
    const others = [
      recipeQueries.detail(5, 8).queryKey, // scaled
      recipeQueries.detail(5, undefined, { units: "metric", lang: "en" }).queryKey, // in other measures
      [...recipeQueries.recipe(5), "revisions", "list"], // its history
      [...recipeQueries.lists(), {}],
    ];
    for (const key of others) queryClient.setQueryData(key, { old: true });
    queryClient.setQueryData(recipeQueries.detail(6).queryKey, { ...answer, id: 6 });

    recipeSaved(queryClient, answer);

    const state = (key: readonly unknown[]) => queryClient.getQueryState(key);
    expect(queryClient.getQueryData(recipeQueries.detail(5).queryKey)).toBe(answer);
    expect(state(recipeQueries.detail(5).queryKey)?.isInvalidated).toBe(false);
    for (const key of others) expect(state(key)?.isInvalidated, JSON.stringify(key)).toBe(true);
    expect(state(recipeQueries.detail(6).queryKey)?.isInvalidated).toBe(false);
  });
});

import { QueryClient } from "@tanstack/react-query";
import { act, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { activate } from "../../../i18n/index.ts";
import { api, type Schemas } from "../../../lib/api/client.ts";
import { recipeQueries } from "../../../lib/api/recipes.ts";
import { renderInApp } from "../../../lib/testing.tsx";
import { CookPage } from "./cook.tsx";

afterEach(async () => {
  vi.restoreAllMocks();
  await act(() => activate("en"));
});

const recipe: Schemas["RecipeRead"] = {
  id: 5,
  user_id: 1,
  title: "Bread",
  description: null,
  source_url: null,
  prep_time_sec: null,
  cook_time_sec: null,
  total_time_sec: null,
  servings: 2,
  img: null,
  preview_img: null,
  categories: [],
  ingredients: [
    { ingredient_id: 1, name: "Flour", amount_grams: 500, amount_readable: "4 cups" },
    { ingredient_id: 9, name: "Salt", amount_grams: null, amount_readable: "to taste" },
  ],
  steps: [{ step_number: 1, description: "Knead." }],
  created_at: "2026-11-24T10:00:00Z",
  updated_at: "2026-11-24T10:00:00Z",
  nutrition: null,
};

describe("CookPage", () => {
  it("ticks off a line with unknown grams by its name and amount as written, with no grams", async () => {
    vi.spyOn(api, "GET").mockReturnValue(new Promise(() => undefined));
    const queryClient = new QueryClient();
    queryClient.setQueryData(recipeQueries.detail(5).queryKey, recipe);
    renderInApp(<CookPage />, { path: "/recipes/$recipeId/cook", url: "/recipes/5/cook", queryClient });
    const flour = await screen.findByRole("checkbox", { name: /Flour/ });
    // (jsdom's accessible names lose the space before a span; browsers keep it.)
    expect(flour).toHaveAccessibleName(/^500 g Flour ?\(4 cups\)$/);
    const salt = screen.getByRole("checkbox", { name: /Salt/ });
    expect(salt).toHaveAccessibleName(/^Salt ?\(to taste\)$/);
    expect(salt.closest("label")?.querySelector(".ingredient-grams")).toBeNull();
  });

  it("speaks German: the step, the way back and the ticked lines", async () => {
    await act(() => activate("de"));
    vi.spyOn(api, "GET").mockReturnValue(new Promise(() => undefined));
    const queryClient = new QueryClient();
    queryClient.setQueryData(recipeQueries.detail(5).queryKey, recipe);
    renderInApp(<CookPage />, { path: "/recipes/$recipeId/cook", url: "/recipes/5/cook", queryClient });
    expect(await screen.findByRole("heading", { name: "Schritt 1 von 1" })).toBeVisible();
    expect(screen.getByRole("link", { name: "Zurück zum Rezept" })).toBeVisible();
    expect(screen.getByText("Zutaten (0 von 2 abgehakt)")).toBeVisible();
    expect(screen.getByRole("link", { name: "Fertig" })).toBeVisible();
  });
});

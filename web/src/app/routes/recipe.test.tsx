import { QueryClient } from "@tanstack/react-query";
import { act, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { activate } from "../../i18n/index.ts";
import { api, type Schemas } from "../../lib/api/client.ts";
import { recipeQueries } from "../../lib/api/recipes.ts";
import { renderInApp } from "../../lib/testing.tsx";
import { RecipePage } from "./recipe.tsx";

afterEach(async () => {
  vi.restoreAllMocks();
  await act(() => activate("en"));
});

const recipe = (servings: number): Schemas["RecipeRead"] => ({
  id: 5,
  user_id: 1,
  title: "Brot",
  description: null,
  source_url: "https://example.org/brot",
  prep_time_sec: null,
  cook_time_sec: null,
  total_time_sec: null,
  servings,
  img: null,
  preview_img: null,
  categories: [],
  ingredients: [],
  steps: [],
  created_at: "2026-11-24T10:00:00Z",
  updated_at: "2026-11-24T10:00:00Z",
  nutrition: null,
  rating: { average: null, count: 0, mine: null },
});

function renderRecipe(servings: number) {
  vi.spyOn(api, "GET").mockReturnValue(new Promise(() => undefined));
  const queryClient = new QueryClient();
  queryClient.setQueryData(recipeQueries.detail(5).queryKey, recipe(servings));
  renderInApp(<RecipePage />, { path: "/recipes/$recipeId", url: "/recipes/5", queryClient });
}

describe("RecipePage", () => {
  it("says in English whom the amounts are for, and where the recipe comes from", async () => {
    renderRecipe(2);
    expect(await screen.findByText("For 2 servings.")).toBeInTheDocument();
    expect(screen.getByText("No ingredients listed.")).toBeVisible();
    expect(screen.getByText(/^Source:/)).toHaveTextContent("Source: example.org");
  });

  it("speaks German, with the servings' plural", async () => {
    await act(() => activate("de"));
    renderRecipe(1);
    expect(await screen.findByText("Für 1 Portion.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Jetzt kochen" })).toBeVisible();
    expect(screen.getByRole("heading", { name: "Zutaten" })).toBeVisible();
    expect(screen.getByText(/^Quelle:/)).toHaveTextContent("Quelle: example.org");
    expect(screen.getByRole("link", { name: "example.org" })).toHaveAttribute(
      "href",
      "https://example.org/brot",
    );
  });

  it("speaks German for several servings", async () => {
    await act(() => activate("de"));
    renderRecipe(4);
    expect(await screen.findByText("Für 4 Portionen.")).toBeInTheDocument();
  });
});

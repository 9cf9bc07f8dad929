import { QueryClient } from "@tanstack/react-query";
import { act, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { activate } from "../../../i18n/index.ts";
import type { Schemas } from "../../../lib/api/client.ts";
import { auth } from "../../../lib/auth.ts";
import { renderInApp, signInAs } from "../../../lib/testing.tsx";
import { shoppingListQueries } from "../api/queries.ts";
import { listAsText, type ShoppingList } from "../lib/list.ts";
import { AddRecipeToList } from "./add-recipe-to-list.tsx";

afterEach(async () => {
  vi.restoreAllMocks();
  auth.signOut();
  await act(() => activate("en"));
});

const recipe = (servings: number) =>
  ({ id: 3, title: "Tomatensuppe", servings, ingredients: [] }) as unknown as Schemas["RecipeRead"];

const list: ShoppingList = {
  id: 4,
  user_id: 1,
  name: "Wochenmarkt",
  store_id: null,
  household_id: null,
  created_at: "2026-11-01T10:00:00Z",
  updated_at: "2026-11-01T10:00:00Z",
  recipes: [],
  sections: [],
};

/** A cache that knows one list of the person's own. */
function cache() {
  const queryClient = new QueryClient();
  queryClient.setQueryData(shoppingListQueries.list().queryKey, {
    pages: [{ items: [list], next_cursor: null }],
    pageParams: [undefined],
  });
  return queryClient;
}

describe("shopping lists in German", () => {
  it("adds a recipe in German words, its servings counted by the plural", async () => {
    signInAs(1);
    await act(() => activate("de"));
    const { unmount } = renderInApp(<AddRecipeToList recipe={recipe(4)} />, { queryClient: cache() });
    expect(await screen.findByRole("heading", { name: "Einkaufsliste" })).toBeVisible();
    expect(screen.getByRole("button", { name: "Zur Einkaufsliste hinzufügen (4 Portionen)" })).toBeVisible();
    expect(screen.getByRole("option", { name: "Eine neue Liste „Tomatensuppe“" })).toBeInTheDocument();
    unmount();
    renderInApp(<AddRecipeToList recipe={recipe(1)} />, { queryClient: cache() });
    expect(
      await screen.findByRole("button", { name: "Zur Einkaufsliste hinzufügen (1 Portion)" }),
    ).toBeVisible();
  });

  it("shares an empty list's text in German", async () => {
    await act(() => activate("de"));
    expect(listAsText(list)).toBe("Wochenmarkt\n\nNichts mehr zu kaufen.");
  });
});

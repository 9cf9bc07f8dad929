import { act, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { activate } from "../../../i18n/index.ts";
import { api } from "../../../lib/api/client.ts";
import { auth } from "../../../lib/auth.ts";
import { renderInApp, signInAs } from "../../../lib/testing.tsx";
import { IngredientPage } from "./ingredient.tsx";
import { IngredientsPage } from "./ingredients.tsx";

const flour = {
  id: 4,
  user_id: 1,
  name: "Flour",
  description: null,
  recipe_id: null,
  grams_per_ml: 0.53,
  grams_per_piece: 1250,
  img: null,
  preview_img: null,
  created_at: "2026-11-01T10:00:00Z",
  updated_at: "2026-11-01T10:00:00Z",
};

afterEach(async () => {
  vi.restoreAllMocks();
  auth.signOut();
  await activate("en");
});

/** GET /ingredients/4 answers flour; its stores, and any list, answer one store. */
function answerFlour() {
  vi.spyOn(api, "GET").mockImplementation((async (path: string) => ({
    data:
      path === "/api/v1/ingredients/{ingredient_id}"
        ? flour
        : {
            items: [{ id: 7, name: "Corner shop", shelf: { id: 2, name: "Aisle 2: baking" } }],
            next_cursor: null,
          },
    response: new Response(null, { status: 200 }),
  })) as never);
}

/** Flour's page, for the person who added it, headed by flour's name in the language (`Mehl`). */
async function openFlour(heading = "Flour") {
  signInAs(1);
  answerFlour();
  renderInApp(<IngredientPage />, { path: "/ingredients/$ingredientId", url: "/ingredients/4" });
  expect(await screen.findByRole("heading", { level: 1, name: heading })).toBeVisible();
}

describe("an ingredient's page", () => {
  it("shows its weights and where to find it", async () => {
    await openFlour();
    expect(screen.getByText("0.53 g per ml")).toBeVisible();
    expect(screen.getByText("1,250 g")).toBeVisible();
    expect(screen.getByRole("link", { name: "Edit ingredient" })).toBeVisible();
    expect(await screen.findByText("Aisle 2: baking")).toBeVisible();
  });

  it("speaks German, its numbers written the German way", async () => {
    await act(() => activate("de"));
    await openFlour("Mehl");
    expect(screen.getByText("Name: Flour")).toBeVisible(); // as stored, for whoever edits it
    expect(screen.getByText("0,53 g pro ml")).toBeVisible();
    expect(screen.getByText("1.250 g")).toBeVisible();
    expect(screen.getByText("Dichte")).toBeVisible();
    expect(screen.getByRole("link", { name: "Zutat bearbeiten" })).toBeVisible();
    expect(screen.getByRole("heading", { name: "Wo du es findest" })).toBeVisible();
  });
});

describe("the ingredients, in German", () => {
  it("has a German title, search and empty list", async () => {
    await act(() => activate("de"));
    vi.spyOn(api, "GET").mockResolvedValue({
      data: { items: [], next_cursor: null },
      response: new Response(null, { status: 200 }),
    } as never);
    renderInApp(<IngredientsPage />, { path: "/ingredients", url: "/ingredients?q=Mehl" });
    expect(await screen.findByRole("heading", { level: 1, name: "Zutaten" })).toBeVisible();
    expect(await screen.findByText("Keine Zutat passt zu „Mehl“")).toBeVisible();
    expect(screen.getByRole("searchbox", { name: "Zutaten suchen" })).toHaveValue("Mehl");
  });
});

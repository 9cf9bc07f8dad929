import { act, fireEvent, screen, within } from "@testing-library/react";
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
  other_names: [] as { name: string; language: "de" | "fr" | null }[],
  nutrients_per_100g: {
    energy_kcal: 364,
    protein_g: 10.33,
    fat_g: 0.98,
    saturated_fat_g: 0.155,
    carbohydrate_g: 76.31,
    sugars_g: 0.27,
    fiber_g: 2.7,
    salt_g: 0.005,
  },
  nutrition_source: {
    dataset: "USDA SR28",
    food_id: 20081,
    food_name: "WHEAT FLR,WHITE,ALL-PURPOSE,ENR",
    by: "match",
  },
  created_at: "2026-11-01T10:00:00Z",
  updated_at: "2026-11-01T10:00:00Z",
};

afterEach(async () => {
  vi.restoreAllMocks();
  auth.signOut();
  await activate("en");
});

/** GET /ingredients/4 answers flour (as `row`); its stores, and any list, answer one store. */
function answerFlour(row = flour) {
  vi.spyOn(api, "GET").mockImplementation((async (path: string) => ({
    data:
      path === "/api/v1/ingredients/{ingredient_id}"
        ? row
        : {
            items: [{ id: 7, name: "Corner shop", shelf: { id: 2, name: "Aisle 2: baking" } }],
            next_cursor: null,
          },
    response: new Response(null, { status: 200 }),
  })) as never);
}

/** Flour's page, for the person who added it, headed by flour's name in the language (`Mehl`). */
async function openFlour(heading = "Flour", row = flour) {
  signInAs(1);
  answerFlour(row);
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

/** Flour with other names: two in German, one in any language. */
const flourNamed = {
  ...flour,
  other_names: [
    { name: "Weizenmehl", language: "de" as const },
    { name: "Auszugsmehl", language: "de" as const },
    { name: "Type 405", language: null },
  ],
};

describe("an ingredient's other names", () => {
  it("show under its name, each language by its own name", async () => {
    await openFlour("Flour", flourNamed);
    const line = screen.getByText(/^Also called:/);
    expect(line).toHaveTextContent("Also called: Weizenmehl (Deutsch), Auszugsmehl (Deutsch), Type 405");
    // A name in a language is marked as that language, for a screen reader to read it so.
    expect(within(line).getByText("Weizenmehl (Deutsch)")).toHaveAttribute("lang", "de");
  });

  it("show nothing when it has none", async () => {
    await openFlour();
    expect(screen.queryByText(/Also called/)).toBeNull();
  });

  it("give a German reader its German name as the heading, the first by name, before the food table's", async () => {
    await act(() => activate("de"));
    await openFlour("Auszugsmehl", flourNamed); // not the table's "Mehl"
    expect(screen.getByText("Name: Flour")).toBeVisible();
    expect(screen.getByText(/^Auch bekannt als:/)).toHaveTextContent(
      "Auch bekannt als: Weizenmehl (Deutsch), Auszugsmehl (Deutsch), Type 405",
    );
    expect(screen.getByRole("link", { name: "Rezepte mit Auszugsmehl" })).toBeVisible();
  });

  it("leave a French reader the food table's name when none is French", async () => {
    await act(() => activate("fr"));
    await openFlour("farine", flourNamed);
  });

  it("name it in the ingredients list too", async () => {
    await act(() => activate("de"));
    vi.spyOn(api, "GET").mockResolvedValue({
      data: { items: [flourNamed, { ...flour, id: 5, name: "Sugar" }], next_cursor: null },
      response: new Response(null, { status: 200 }),
    } as never);
    renderInApp(<IngredientsPage />, { path: "/ingredients", url: "/ingredients" });
    expect(await screen.findByRole("link", { name: "Auszugsmehl" })).toHaveAttribute(
      "href",
      "/ingredients/4",
    );
    expect(screen.getByRole("link", { name: "Zucker" })).toHaveAttribute("href", "/ingredients/5");
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

describe("an ingredient's nutrition", () => {
  it("says the food it was matched to, and lets whoever may edit it choose another from the table", async () => {
    await openFlour();
    const section = screen.getByRole("region", { name: "Nutrition per 100 g" });
    expect(within(section).getByText("364 kcal")).toBeVisible();
    expect(section).toHaveTextContent("Matched to WHEAT FLR,WHITE,ALL-PURPOSE,ENR in USDA's food table.");

    const wholeWheat = {
      id: 20080,
      name: "WHEAT FLR,WHOLE-GRAIN",
      nutrients_per_100g: { ...flour.nutrients_per_100g, energy_kcal: 340 },
    };
    // GET /foods answers whole-wheat flour; everything else as before.
    const get = vi.mocked(api.GET);
    const answer = get.getMockImplementation() as (path: string) => unknown;
    get.mockImplementation((async (path: string) =>
      path === "/api/v1/foods"
        ? { data: { items: [wholeWheat], next_cursor: null }, response: new Response(null, { status: 200 }) }
        : answer(path)) as never);
    const put = vi.spyOn(api, "PUT").mockResolvedValue({
      data: {
        ...flour,
        nutrients_per_100g: wholeWheat.nutrients_per_100g,
        nutrition_source: { dataset: "USDA SR28", food_id: 20080, food_name: wholeWheat.name, by: "person" },
      },
      response: new Response(null, { status: 200 }),
    } as never);

    fireEvent.click(within(section).getByRole("button", { name: "Choose another food" }));
    const search = within(section).getByRole("searchbox", { name: "Search the food table" });
    expect(search).toHaveValue("Flour");
    fireEvent.change(search, { target: { value: "whole wheat flour" } });
    fireEvent.click(await within(section).findByRole("button", { name: "Use WHEAT FLR,WHOLE-GRAIN" }));
    expect(
      await within(section).findByText("Chosen by hand: WHEAT FLR,WHOLE-GRAIN in USDA's food table."),
    ).toBeVisible();
    expect(within(section).getByText("340 kcal")).toBeVisible();
    expect(put).toHaveBeenCalledWith("/api/v1/ingredients/{ingredient_id}", {
      params: { path: { ingredient_id: 4 } },
      body: { nutrition_food_id: 20080 },
    });
    expect(within(section).queryByRole("searchbox")).toBeNull();
    expect(within(section).getByRole("button", { name: "Back to the automatic match" })).toBeVisible();
  });

  it("offers no choice to someone who may not edit it", async () => {
    signInAs(2);
    answerFlour();
    renderInApp(<IngredientPage />, { path: "/ingredients/$ingredientId", url: "/ingredients/4" });
    const section = await screen.findByRole("region", { name: "Nutrition per 100 g" });
    expect(within(section).queryByRole("button")).toBeNull();
  });
});

import { act, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { activate } from "../i18n/index.ts";
import type { Nutrition, NutritionFacts } from "../lib/nutrition.ts";
import { NutritionLabel } from "./nutrition-label.tsx";

const facts = (over: Partial<NutritionFacts> = {}): NutritionFacts => ({
  energy_kcal: 412.4,
  energy_kj: 1725.5,
  protein_g: 12.26,
  fat_g: 18.04,
  saturated_fat_g: 6.5,
  carbohydrate_g: 50.2,
  sugars_g: 20.9,
  fiber_g: 2.44,
  salt_g: null,
  ...over,
});

const nutrition = (over: Partial<Nutrition> = {}): Nutrition => ({
  per_serving: facts(),
  per_100g: facts({ energy_kcal: 250, energy_kj: 1046 }),
  coverage: 0.92,
  missing: ["Salt", "Water"],
  ...over,
});

const row = (name: string) => screen.getByRole("row", { name: new RegExp(`^${name}`) });

afterEach(async () => {
  await act(() => activate("en"));
});

describe("NutritionLabel", () => {
  it("shows per serving and per 100 g, says unknown values as such, and what the figures rest on", () => {
    render(<NutritionLabel nutrition={nutrition()} ingredientCount={9} />);
    const label = screen.getByRole("region", { name: "Nutrition" });
    expect(
      within(label)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["Nutrient", "Per serving", "Per 100 g"]);
    expect(row("Energy")).toHaveTextContent("412 kcal1,726 kJ250 kcal1,046 kJ");
    expect(row("Protein")).toHaveTextContent("12 g");
    expect(row("Fibre")).toHaveTextContent("2.4 g");
    // Salt is not known: never a 0.
    expect(row("Salt")).toHaveTextContent("not known");
    expect(row("Salt")).not.toHaveTextContent("0");
    expect(label).toHaveTextContent(
      "2 of 9 ingredients have no data: Salt and Water. The figures cover 92% of the recipe's weight.",
    );
  });

  it("gives per 100 g alone for a recipe without servings, and says why", () => {
    render(
      <NutritionLabel
        nutrition={nutrition({ per_serving: null, coverage: 1, missing: [] })}
        ingredientCount={3}
      />,
    );
    expect(screen.getAllByRole("columnheader").map((h) => h.textContent)).toEqual(["Nutrient", "Per 100 g"]);
    expect(
      screen.getByText("This recipe does not say how many it serves, so the figures are per 100 g."),
    ).toBeVisible();
    expect(screen.getByText("Every ingredient has data.")).toBeVisible();
  });

  it("shows nothing when nothing is known", () => {
    const { container } = render(<NutritionLabel nutrition={null} ingredientCount={3} />);
    expect(container).toBeEmptyDOMElement();
  });

  it("speaks German, with German numbers", async () => {
    await act(() => activate("de"));
    render(<NutritionLabel nutrition={nutrition({ missing: ["Salt"] })} ingredientCount={9} />);
    expect(screen.getByRole("region", { name: "Nährwerte" })).toHaveTextContent(
      "Für 1 von 9 Zutaten gibt es keine Daten: Salz.",
    );
    expect(row("Energie")).toHaveTextContent("412 kcal1.726 kJ");
    expect(row("Ballaststoffe")).toHaveTextContent("2,4 g");
  });
});

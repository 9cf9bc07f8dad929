import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { api, type Schemas } from "../../../lib/api/client.ts";
import { renderInApp } from "../../../lib/testing.tsx";
import { IngredientLines } from "./ingredient-lines.tsx";

afterEach(() => vi.restoreAllMocks());

const lines: Schemas["RecipeIngredientRead"][] = [
  { ingredient_id: 1, name: "Flour", amount_grams: 1250, amount_readable: "10 cups" },
  { ingredient_id: 9, name: "Salt", amount_grams: null, amount_readable: "to taste" },
  { ingredient_id: 4, name: "Water", amount_grams: 0, amount_readable: "a splash" },
];

describe("IngredientLines", () => {
  it("shows a line with unknown grams by its amount as written alone, apart from one of 0 g", async () => {
    vi.spyOn(api, "GET").mockReturnValue(new Promise(() => undefined)); // which recipe makes each: not needed
    renderInApp(<IngredientLines lines={lines} />);
    const [flour, salt, water] = await screen.findAllByRole("listitem");
    if (!flour || !salt || !water) throw new Error("Three lines expected.");
    expect(flour).toHaveTextContent("1.25 kg");
    expect(within(salt).getByRole("link", { name: "Salt" })).toBeVisible();
    expect(salt).toHaveTextContent(/^Saltto taste$/);
    expect(salt).not.toHaveTextContent(/\bg\b/);
    expect(water).toHaveTextContent(/^0 g/);
  });
});

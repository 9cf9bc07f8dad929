import { screen, waitFor } from "@testing-library/react";
import { useForm } from "react-hook-form";
import { afterEach, describe, expect, it, vi } from "vitest";
import { api } from "../../../lib/api/client.ts";
import { renderInApp } from "../../../lib/testing.tsx";
import { emptyForm, emptyLine, type RecipeFormValues } from "../form/recipe-form.ts";
import { lineForNutrition, NutritionSoFar } from "./nutrition-so-far.tsx";

afterEach(() => vi.restoreAllMocks());

const line = (name: string, amount_grams: string, amount_readable = "") => ({
  ...emptyLine(),
  name,
  amount_grams,
  amount_readable,
});

function Editor({ values }: { values: RecipeFormValues }) {
  const form = useForm<RecipeFormValues>({ defaultValues: values });
  return <NutritionSoFar control={form.control} />;
}

describe("lineForNutrition", () => {
  it("sends the grams the recipe will store, else the amount as written, and nothing for a line without a name", () => {
    expect(lineForNutrition(line("Flour", "188", "1 1/2 cups"))).toBe("188 g Flour");
    expect(lineForNutrition(line("Salt", "", "a pinch"))).toBe("a pinch Salt");
    expect(lineForNutrition(line("Milk", "12,5"))).toBe("12.5 g Milk");
    expect(lineForNutrition(line("  ", "100"))).toBeNull();
  });
});

describe("NutritionSoFar", () => {
  it("asks for the lines' nutrition, and says it per serving with the share known", async () => {
    const post = vi.spyOn(api, "POST").mockResolvedValue({
      data: {
        per_serving: { energy_kcal: 456.4 },
        per_100g: { energy_kcal: 416 },
        coverage: 0.93,
        lines: [],
      },
      response: new Response(null, { status: 200 }),
    } as never);
    const values = {
      ...emptyForm(),
      servings: "2",
      ingredients: [line("Quinoa", "200"), line("Salt", "", "a pinch")],
    };
    // A recipe opened for editing shows its figure at once, without waiting.
    renderInApp(<Editor values={values} />);
    expect(await screen.findByText(/About 456 kcal per serving/)).toHaveTextContent(
      "About 456 kcal per serving · 93% of the weight known",
    );
    expect(post).toHaveBeenCalledTimes(1);
    expect(post).toHaveBeenCalledWith("/api/v1/ingredient-lines/nutrition", {
      body: { lines: ["200 g Quinoa", "a pinch Salt"], servings: 2, lang: "en" },
      signal: expect.any(AbortSignal),
    });
  });

  it("asks nothing while no line names anything", async () => {
    const post = vi.spyOn(api, "POST");
    renderInApp(<Editor values={emptyForm()} />);
    await waitFor(() => expect(screen.getByText(/Nutrition shows here/)).toBeVisible());
    await new Promise((r) => setTimeout(r, 700));
    expect(post).not.toHaveBeenCalled();
  });
});

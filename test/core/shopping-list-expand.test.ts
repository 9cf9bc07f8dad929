/** The pure part of adding a recipe to a list: scaling, merging per ingredient, expanding, cycles. */
import { describe, expect, it } from "vitest";
import { isAppError } from "../../core/errors.ts";
import { recipeNeeds, type TreeLine } from "../../core/shopping-list/expand.ts";

const line = (
  recipe_id: number,
  ingredient_id: number,
  amount_grams: number,
  made_by: number | null = null,
): TreeLine => ({
  recipe_id,
  ingredient_id,
  name: `ingredient ${ingredient_id}`,
  made_by,
  amount_grams,
  amount_readable: `${amount_grams} g`,
});

describe("recipeNeeds", () => {
  it("scales every line and merges one ingredient's lines into one need, amounts added up", () => {
    const lines = [line(1, 10, 100), line(1, 11, 5), line(1, 10, 50)];
    expect(recipeNeeds(lines, 1, 1, false)).toEqual([
      { ingredient_id: 10, name: "ingredient 10", amount_grams: 150, amount_readable: "150 g" },
      { ingredient_id: 11, name: "ingredient 11", amount_grams: 5, amount_readable: "5 g" },
    ]);
    expect(recipeNeeds(lines, 1, 1 / 3, false)[0]).toMatchObject({
      amount_grams: 50,
      amount_readable: "50 g",
    });
  });

  it("writes amounts in kitchen measures, adds those of a kind, keeps other kinds beside, drops notes", () => {
    const written = (amount_readable: string, ingredient_id = 10): TreeLine => ({
      ...line(1, ingredient_id, 10),
      amount_readable,
    });
    const lines = [
      written("2 tbsp, melted"),
      written("1 tbsp"),
      written("a pinch"),
      written("1 1/2 cups", 11),
      written("", 12),
    ];
    expect(recipeNeeds(lines, 1, 1, false).map((n) => n.amount_readable)).toEqual([
      "3 tbsp + a pinch",
      "1 1/2 cups",
      "",
    ]);
    expect(recipeNeeds(lines, 1, 2, false).map((n) => n.amount_readable)).toEqual([
      "6 tbsp + a pinch",
      "3 cups",
      "",
    ]);
  });

  it("without expand, a made ingredient is bought; with it, replaced by its recipe's lines scaled to the grams", () => {
    const lines = [line(1, 20, 500, 2), line(1, 10, 200), line(2, 30, 300), line(2, 31, 220)];
    expect(recipeNeeds(lines, 1, 1, false).map((n) => [n.ingredient_id, n.amount_grams])).toEqual([
      [20, 500],
      [10, 200],
    ]);
    expect(recipeNeeds(lines, 1, 1, true).map((n) => [n.ingredient_id, n.amount_grams])).toEqual([
      [30, Math.round(300 * (500 / 520) * 1000) / 1000],
      [31, Math.round(220 * (500 / 520) * 1000) / 1000],
      [10, 200],
    ]);
  });

  it("a made ingredient whose recipe has no grams to scale from is bought as it is", () => {
    const lines = [line(1, 20, 500, 2), line(2, 30, 0)];
    expect(recipeNeeds(lines, 1, 1, true).map((n) => n.ingredient_id)).toEqual([20]);
  });

  it("names the recipe that contains itself", () => {
    const lines = [line(1, 20, 10, 2), line(2, 21, 10, 3), line(3, 22, 10, 2)];
    try {
      recipeNeeds(lines, 1, 1, true);
      expect.unreachable();
    } catch (error) {
      expect(isAppError(error) && error.kind).toBe("invalid");
      expect((error as Error).message).toBe("Recipe ID 2 contains itself.");
    }
    // Bought as they are, the same lines are no problem.
    expect(recipeNeeds(lines, 1, 1, false)).toHaveLength(1);
  });
});

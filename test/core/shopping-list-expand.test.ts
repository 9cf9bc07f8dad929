/** The pure part of adding a recipe to a list: scaling, merging per ingredient, expanding, cycles. */
import { describe, expect, it } from "vitest";
import { isAppError } from "../../core/errors.ts";
import { recipeNeeds, scaleReadable, type TreeLine } from "../../core/shopping-list/expand.ts";

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
  it("scales every line and merges one ingredient's lines into one need, readable amounts joined", () => {
    const lines = [line(1, 10, 100), line(1, 11, 5), line(1, 10, 50)];
    expect(recipeNeeds(lines, 1, 1, false)).toEqual([
      { ingredient_id: 10, name: "ingredient 10", amount_grams: 150, amount_readable: "100 g + 50 g" },
      { ingredient_id: 11, name: "ingredient 11", amount_grams: 5, amount_readable: "5 g" },
    ]);
    expect(recipeNeeds(lines, 1, 1 / 3, false)[0]).toMatchObject({
      amount_grams: 50,
      amount_readable: "100 g × 0.33 + 50 g × 0.33",
    });
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

describe("scaleReadable", () => {
  it("says the factor when there is one, and leaves empty amounts empty", () => {
    expect(scaleReadable("2 cups", 1)).toBe("2 cups");
    expect(scaleReadable("2 cups", 2)).toBe("2 cups × 2");
    expect(scaleReadable("1 egg", 0.125)).toBe("1 egg × 0.13");
    expect(scaleReadable("  ", 3)).toBe("");
  });
});

import { describe, expect, it } from "vitest";
import { KJ_PER_KCAL, type NutritionLine, nutritionOf } from "../../../core/nutrition/compute.ts";
import type { Nutrients } from "../../../core/nutrition/table.ts";
import { nutrients } from "../../helpers/nutrients.ts";

const per100g = nutrients;
const flour = per100g({
  energy_kcal: 364,
  protein_g: 10.33,
  fat_g: 0.98,
  carbohydrate_g: 76.31,
  sugars_g: 0.27,
  fiber_g: 2.7,
  salt_g: 0.005,
});
const butter = per100g({
  energy_kcal: 717,
  protein_g: 0.85,
  fat_g: 81.11,
  saturated_fat_g: 51.368,
  carbohydrate_g: 0.06,
  sugars_g: 0.06,
  fiber_g: 0,
  salt_g: 1.6,
});
const line = (name: string, grams: number | null, nutrients: Nutrients | null): NutritionLine => ({
  name,
  grams,
  per100g: nutrients,
});

describe("nutritionOf", () => {
  it("adds each line's share of each nutrient, per serving and per 100 g of the recipe", () => {
    const n = nutritionOf([line("Flour", 200, flour), line("Butter", 100, butter)], 4);
    // kcal: 200 × 3.64 + 100 × 7.17 = 728 + 717 = 1445; ÷ 4 = 361.25; per 100 g of 300 g = 481.67
    expect(n?.per_serving?.energy_kcal).toBe(361);
    expect(n?.per_100g.energy_kcal).toBe(482);
    expect(n?.per_serving?.energy_kj).toBe(Math.round((1445 * KJ_PER_KCAL) / 4));
    expect(n?.per_serving?.fat_g).toBe(Math.round(((200 * 0.98 + 100 * 81.11) / 100 / 4) * 10) / 10);
    expect(n?.coverage).toBe(1);
    expect(n?.missing).toEqual([]);
  });

  it("leaves a nutrient no counted line knows null, never 0, and adds the known ones", () => {
    const n = nutritionOf([line("Flour", 100, flour)], 1);
    expect(n?.per_serving?.saturated_fat_g).toBeNull();
    const both = nutritionOf([line("Flour", 100, flour), line("Butter", 100, butter)], 1);
    expect(both?.per_serving?.saturated_fat_g).toBe(51.4);
  });

  it("says how much of the recipe's grams it knows, and names what it does not", () => {
    const n = nutritionOf(
      [
        line("Flour", 300, flour),
        line("Salt", null, per100g({ salt_g: 99.8 })),
        line("Vanilla", 100, null),
        line("Vanilla", 5, null),
      ],
      2,
    );
    expect(n?.coverage).toBe(0.741); // 300 of 405 g
    expect(n?.missing).toEqual(["Salt", "Vanilla"]);
    // Per 100 g of all 405 g: the unknown vanilla weighs and adds nothing.
    expect(n?.per_100g.energy_kcal).toBe(Math.round((300 * 3.64 * 100) / 405));
  });

  it("has no per serving without servings, and nothing at all when nothing is known", () => {
    expect(nutritionOf([line("Flour", 100, flour)], null)?.per_serving).toBeNull();
    expect(nutritionOf([line("Flour", 100, flour)], 0)?.per_serving).toBeNull();
    expect(nutritionOf([line("Water", 250, null), line("Flour", null, flour)], 2)).toBeNull();
    expect(nutritionOf([], 2)).toBeNull();
  });

  it("rounds as a label does: whole kcal and kJ, grams to 0.1, salt to 0.01", () => {
    const n = nutritionOf([line("Butter", 10, butter)], 3);
    expect(n?.per_serving).toEqual({
      energy_kcal: 24, // 71.7 / 3
      energy_kj: 100, // 71.7 × 4.184 / 3 = 99.998
      protein_g: 0, // 0.085 / 3
      fat_g: 2.7,
      saturated_fat_g: 1.7,
      carbohydrate_g: 0,
      sugars_g: 0,
      fiber_g: 0,
      salt_g: 0.05,
    });
  });
});

/**
 * English ingredient lines in the shapes of real recipe sites (issue 36, item 6): metric and imperial
 * side by side (`200g/7oz`), a second amount added (`½ cup + 2 tbsp`), a mass in parentheses without
 * a space (`(45g)`), a count in words before a package size (`one 15-ounce can`), a fraction of a
 * fruit's juice and a mixed number in a weight aside. Each with the grams a careful cook gives it (US
 * cups and spoons), within 1 %.
 */
import { describe, expect, it } from "vitest";
import { gramsFor } from "../../../core/page-import/grams.ts";
import { parseIngredientLine } from "../../../core/page-import/ingredient-line.ts";

describe("English lines of real sites", () => {
  it.each<[line: string, quantity: number, food: string, grams: number, note: string | null]>([
    ["200g/7oz plain flour", 200, "Flour", 200, "plain, 7oz"],
    ["100g/3½oz butter, softened", 100, "Butter", 100, "3½oz, softened"],
    ["150ml/¼ pint double cream", 150, "Heavy cream", 150.9, "¼ pint"],
    ["1kg/2lb 4oz floury potatoes", 1, "Potato", 1000, "2lb 4oz"],
    ["½ cup + 2 tbsp sugar", 0.5, "Sugar", 125, "+ 2 tbsp"],
    ["1 cup plus 2 tablespoons all-purpose flour", 1, "Flour", 140.6, "plus 2 tablespoons"],
    ["3 tablespoons (45g) butter", 3, "Butter", 45, null],
    ["1 cup (120g) all-purpose flour", 1, "Flour", 120, null],
    ["one 15-ounce can pumpkin puree", 1, "Pumpkin puree", 425.2, null],
    ["two 14-ounce cans coconut milk", 2, "Coconut milk", 793.8, null],
    ["Juice of ½ lemon", 0.5, "Lemon juice", 24, null],
    ["2 boneless skinless chicken breasts (about 1 1/2 pounds)", 2, "Chicken breast", 680.4, null],
    ["4 salmon fillets (about 1½ lb total)", 4, "Salmon", 680.4, null],
  ])("%s", (line, quantity, food, grams, note) => {
    const parsed = parseIngredientLine(line, { language: "en" });
    expect(parsed.quantity).toBe(quantity);
    expect(parsed.food?.name).toBe(food);
    const got = gramsFor(parsed, undefined, parsed.food, "us").grams ?? 0;
    expect(Math.abs(got - grams)).toBeLessThanOrEqual(Math.max(0.5, grams * 0.01));
    if (note !== null) expect(parsed.note).toBe(note);
  });
});

describe("a piece of the size the line names", () => {
  it.each<[line: string, food: string, grams: number]>([
    ["1 large onion, chopped", "Onion", 150],
    ["1/2 small red onion, finely diced", "Onion", 35],
    ["4 large ripe tomatoes", "Tomato", 728],
    ["2 Roma tomatoes, seeded and diced", "Plum tomato", 124],
    ["3 small potatoes", "Potato", 510],
    ["1 medium onion", "Onion", 110],
    ["1 onion, cut into large wedges", "Onion", 110],
    ["3 large eggs", "Egg", 150],
    ["2 teaspoons garam masala", "Garam masala", 4],
    ["2 teaspoons pumpkin pie spice", "Pumpkin pie spice", 3.4],
  ])("%s", (line, food, grams) => {
    const parsed = parseIngredientLine(line, { language: "en" });
    expect(parsed.food?.name).toBe(food);
    const got = gramsFor(parsed, undefined, parsed.food, "us").grams ?? 0;
    expect(Math.abs(got - grams)).toBeLessThanOrEqual(Math.max(0.5, grams * 0.02));
  });
});

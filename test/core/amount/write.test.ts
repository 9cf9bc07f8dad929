/**
 * Amounts written back in kitchen measures (core/amount/write.ts;
 * CONTRACT.md "amounts: from what people write to grams, and back").
 */
import { describe, expect, it } from "vitest";
import { readAmount } from "../../../core/amount/read.ts";
import { writeAmount } from "../../../core/amount/write.ts";

describe("writeAmount", () => {
  it.each([
    // normalised spellings
    ["1 tablespoon", "1 tbsp"],
    ["2 Tablespoons", "2 tbsp"],
    ["1 T", "1 tbsp"],
    ["1 t", "1 tsp"],
    ["3 teaspoons", "1 tbsp"],
    ["1 c.", "1 cup"],
    ["1.5 cups", "1 1/2 cups"],
    ["1½ cups", "1 1/2 cups"],
    ["⅔ cup", "2/3 cup"],
    ["0.25 tsp", "1/4 tsp"],
    ["2 fl. oz", "2 fl oz"],
    ["1 pt", "1 pint"],
    ["2 qt", "2 quarts"],
    ["2 lbs", "2 lb"],
    ["4 ounces", "4 oz"],
    ["16 oz", "1 lb"],
    ["500 grams", "500 g"],
    ["1,000 g", "1 kg"],
    ["0,5 kg", "500 g"],
    ["2,25 kg", "2,25 kg"],
    ["1,5 l", "1,5 l"],
    ["5 cl", "50 ml"],
    ["2 dl", "200 ml"],
    ["10 millilitres", "10 ml"],
    ["1 litre", "1 l"],
    ["1 kilo", "1 kg"],
    // pieces and numbers
    ["2 eggs", "2 eggs"],
    ["an onion", "1 onion"],
    ["one egg", "1 egg"],
    ["2 berries", "2 berries"],
    ["1 (14 oz) can", "1 (14 oz) can"],
    ["1 1/2", "1 1/2"],
    ["½", "1/2"],
    // ranges
    ["1 - 2 tbsp", "1-2 tbsp"],
    ["1–2 tbsp", "1-2 tbsp"],
    ["1 to 2 cups", "1 to 2 cups"],
    // notes, sizes, second measures, words
    ["2 tbsp, melted", "2 tbsp, melted"],
    ["2 cups flour", "2 cups flour"],
    ["2 eggs (optional)", "2 eggs (optional)"],
    ["1 cup (240 ml)", "1 cup (240 ml)"],
    ["1 heaped tbsp", "1 heaped tbsp"],
    ["a pinch", "a pinch"],
    ["salt to taste", "salt to taste"],
    ["a pinch, for the top", "a pinch, for the top"],
  ])("%j → %j", (text, expected) => {
    const amount = readAmount(text);
    expect(amount).toBeDefined();
    if (amount) expect(writeAmount(amount)).toBe(expected);
  });

  it("writes a structure built by hand", () => {
    expect(
      writeAmount({
        kind: "us-volume",
        quantity: 0.375,
        quantityMax: null,
        unit: "cup",
        unitPlural: "cups",
        size: null,
        words: null,
        note: "sifted",
        noteSeparator: ", ",
        alt: null,
        rangeSeparator: "-",
        decimalComma: false,
      }),
    ).toBe("6 tbsp, sifted");
  });
});

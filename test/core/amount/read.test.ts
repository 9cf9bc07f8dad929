/**
 * Amounts as written, read into their structure (core/amount/read.ts;
 * CONTRACT.md "amounts: from what people write to grams, and back").
 */
import { describe, expect, it } from "vitest";
import { readAmount } from "../../../core/amount/read.ts";

type Read = [
  text: string,
  kind: string,
  quantity: number | null,
  quantityMax: number | null,
  unit: string | null,
  note: string | null,
];

describe("readAmount", () => {
  const third = 1 / 3;
  it.each<Read>([
    // fractions, mixed numbers, unicode fractions, decimals
    ["1/2 cup", "us-volume", 0.5, null, "cup", null],
    ["1 1/2 cups", "us-volume", 1.5, null, "cup", null],
    ["1½ cups", "us-volume", 1.5, null, "cup", null],
    ["1 ½ cups", "us-volume", 1.5, null, "cup", null],
    ["½ tsp", "us-volume", 0.5, null, "tsp", null],
    ["⅓ cup", "us-volume", third, null, "cup", null],
    ["⅔ cup", "us-volume", 2 * third, null, "cup", null],
    ["¼ tsp", "us-volume", 0.25, null, "tsp", null],
    ["¾ cup", "us-volume", 0.75, null, "cup", null],
    ["⅛ tsp", "us-volume", 0.125, null, "tsp", null],
    ["1¼ cups", "us-volume", 1.25, null, "cup", null],
    ["2⅓ cups", "us-volume", 2 + third, null, "cup", null],
    ["0.5 cup", "us-volume", 0.5, null, "cup", null],
    ["1.5 cups", "us-volume", 1.5, null, "cup", null],
    ["0.25 tsp", "us-volume", 0.25, null, "tsp", null],
    ["1,5 l", "metric-volume", 1.5, null, "l", null],
    ["0,5 kg", "metric-mass", 0.5, null, "kg", null],
    ["2,25 kg", "metric-mass", 2.25, null, "kg", null],
    ["1,000 g", "metric-mass", 1000, null, "g", null],
    // US volume spellings
    ["1 cup", "us-volume", 1, null, "cup", null],
    ["2 cups", "us-volume", 2, null, "cup", null],
    ["1 c", "us-volume", 1, null, "cup", null],
    ["1 c.", "us-volume", 1, null, "cup", null],
    ["1 tbsp", "us-volume", 1, null, "tbsp", null],
    ["1 Tbsp", "us-volume", 1, null, "tbsp", null],
    ["1 tbsp.", "us-volume", 1, null, "tbsp", null],
    ["1 TBSP", "us-volume", 1, null, "tbsp", null],
    ["1 tbs", "us-volume", 1, null, "tbsp", null],
    ["1 tablespoon", "us-volume", 1, null, "tbsp", null],
    ["2 tablespoons", "us-volume", 2, null, "tbsp", null],
    ["1 T", "us-volume", 1, null, "tbsp", null],
    ["1 t", "us-volume", 1, null, "tsp", null],
    ["1 tsp", "us-volume", 1, null, "tsp", null],
    ["1 tsp.", "us-volume", 1, null, "tsp", null],
    ["1 teaspoon", "us-volume", 1, null, "tsp", null],
    ["3 teaspoons", "us-volume", 3, null, "tsp", null],
    ["1 fl oz", "us-volume", 1, null, "fl oz", null],
    ["2 fl. oz", "us-volume", 2, null, "fl oz", null],
    ["2 fluid ounces", "us-volume", 2, null, "fl oz", null],
    ["1 pint", "us-volume", 1, null, "pint", null],
    ["2 pints", "us-volume", 2, null, "pint", null],
    ["1 pt", "us-volume", 1, null, "pint", null],
    ["1 quart", "us-volume", 1, null, "quart", null],
    ["1 qt", "us-volume", 1, null, "quart", null],
    ["1 gallon", "us-volume", 1, null, "gallon", null],
    // US mass
    ["4 oz", "us-mass", 4, null, "oz", null],
    ["4 ounces", "us-mass", 4, null, "oz", null],
    ["1 ounce", "us-mass", 1, null, "oz", null],
    ["1 lb", "us-mass", 1, null, "lb", null],
    ["2 lbs", "us-mass", 2, null, "lb", null],
    ["1 pound", "us-mass", 1, null, "lb", null],
    ["3 pounds", "us-mass", 3, null, "lb", null],
    // metric
    ["500 g", "metric-mass", 500, null, "g", null],
    ["500 grams", "metric-mass", 500, null, "g", null],
    ["100 gr", "metric-mass", 100, null, "g", null],
    ["1 kg", "metric-mass", 1, null, "kg", null],
    ["2 kilograms", "metric-mass", 2, null, "kg", null],
    ["1 kilo", "metric-mass", 1, null, "kg", null],
    ["250 ml", "metric-volume", 250, null, "ml", null],
    ["250 mL", "metric-volume", 250, null, "ml", null],
    ["10 millilitres", "metric-volume", 10, null, "ml", null],
    ["5 cl", "metric-volume", 50, null, "ml", null],
    ["2 dl", "metric-volume", 200, null, "ml", null],
    ["1 l", "metric-volume", 1, null, "l", null],
    ["1 L", "metric-volume", 1, null, "l", null],
    ["1 liter", "metric-volume", 1, null, "l", null],
    ["2 litres", "metric-volume", 2, null, "l", null],
    ["1 ltr", "metric-volume", 1, null, "l", null],
    // pieces
    ["2 eggs", "piece", 2, null, "egg", null],
    ["1 egg", "piece", 1, null, "egg", null],
    ["3 large onions", "piece", 3, null, "large onion", null],
    ["1 onion", "piece", 1, null, "onion", null],
    ["2 onions", "piece", 2, null, "onion", null],
    ["3 cloves", "piece", 3, null, "clove", null],
    ["1 clove garlic", "piece", 1, null, "clove garlic", null],
    ["2 cloves garlic", "piece", 2, null, "clove garlic", null],
    ["3 garlic cloves", "piece", 3, null, "garlic clove", null],
    ["2 tomatoes", "piece", 2, null, "tomato", null],
    ["1 potato", "piece", 1, null, "potato", null],
    ["2 berries", "piece", 2, null, "berry", null],
    ["1 (14 oz) can", "piece", 1, null, "(14 oz) can", null],
    ["2 cans", "piece", 2, null, "can", null],
    ["1 bunch parsley", "piece", 1, null, "bunch parsley", null],
    ["2 bunches", "piece", 2, null, "bunch", null],
    ["1 dozen", "piece", 1, null, "dozen", null],
    ["2 pinches", "piece", 2, null, "pinch", null],
    ["1 pinch", "piece", 1, null, "pinch", null],
    ["2 slices", "piece", 2, null, "slice", null],
    ["3 medium potatoes", "piece", 3, null, "medium potato", null],
    ["an onion", "piece", 1, null, "onion", null],
    ["one egg", "piece", 1, null, "egg", null],
    ["a cup", "us-volume", 1, null, "cup", null],
    // bare numbers
    ["2", "number", 2, null, null, null],
    ["1 1/2", "number", 1.5, null, null, null],
    ["½", "number", 0.5, null, null, null],
    // ranges
    ["1-2 tbsp", "us-volume", 1, 2, "tbsp", null],
    ["1 - 2 tbsp", "us-volume", 1, 2, "tbsp", null],
    ["1–2 tbsp", "us-volume", 1, 2, "tbsp", null],
    ["1 to 2 cups", "us-volume", 1, 2, "cup", null],
    ["2-3 eggs", "piece", 2, 3, "egg", null],
    ["1 1/2-2 cups", "us-volume", 1.5, 2, "cup", null],
    // notes
    ["an egg, beaten", "piece", 1, null, "egg", "beaten"],
    ["2 tbsp, melted", "us-volume", 2, null, "tbsp", "melted"],
    ["1 cup, packed", "us-volume", 1, null, "cup", "packed"],
    ["2 cups flour", "us-volume", 2, null, "cup", "flour"],
    ["2 eggs (optional)", "piece", 2, null, "egg", "(optional)"],
    ["2 eggs for the glaze", "piece", 2, null, "egg", "for the glaze"],
    ["3 tbsp, divided", "us-volume", 3, null, "tbsp", "divided"],
    ["250 ml, warm", "metric-volume", 250, null, "ml", "warm"],
    ["1 cup for the water", "us-volume", 1, null, "cup", "for the water"],
    ["1 heaped tbsp", "us-volume", 1, null, "tbsp", null],
    // words without a quantity
    ["a pinch", "words", null, null, null, null],
    ["a few", "words", null, null, null, null],
    ["a handful", "words", null, null, null, null],
    ["some", "words", null, null, null, null],
    ["to taste", "words", null, null, null, null],
    ["salt to taste", "words", null, null, null, null],
    ["as needed", "words", null, null, null, null],
    ["for the water", "words", null, null, null, null],
    ["a dash", "words", null, null, null, null],
    ["a pinch, for the top", "words", null, null, null, "for the top"],
  ])("%j", (text, kind, quantity, quantityMax, unit, note) => {
    const amount = readAmount(text);
    expect(amount).toBeDefined();
    expect(amount?.kind).toBe(kind);
    if (quantity === null) expect(amount?.quantity).toBeNull();
    else expect(amount?.quantity).toBeCloseTo(quantity, 9);
    if (quantityMax === null) expect(amount?.quantityMax).toBeNull();
    else expect(amount?.quantityMax).toBeCloseTo(quantityMax, 9);
    expect(amount?.unit).toBe(unit);
    expect(amount?.note).toBe(note);
  });

  it.each(["", " ", "\t"])("%j is no amount", (text) => {
    expect(readAmount(text)).toBeUndefined();
  });

  it("keeps the words of an amount without a number", () => {
    expect(readAmount("salt to taste")?.words).toBe("salt to taste");
    expect(readAmount("A Pinch")?.words).toBe("A Pinch");
  });

  it("keeps plurals, size words, range separators, decimal commas and a second measure", () => {
    expect(readAmount("2 cloves garlic")?.unitPlural).toBe("cloves garlic");
    expect(readAmount("1 potato")?.unitPlural).toBe("potatoes");
    expect(readAmount("1 leaf")?.unitPlural).toBe("leaves");
    expect(readAmount("1 dozen")?.unitPlural).toBe("dozen");
    expect(readAmount("1 heaped tbsp")?.size).toBe("heaped");
    expect(readAmount("1 to 2 cups")?.rangeSeparator).toBe(" to ");
    expect(readAmount("1 - 2 cups")?.rangeSeparator).toBe("-");
    expect(readAmount("1,5 l")?.decimalComma).toBe(true);
    expect(readAmount("1.5 l")?.decimalComma).toBe(false);
    const alt = readAmount("1 cup (240 ml)")?.alt;
    expect([alt?.kind, alt?.quantity, alt?.unit]).toEqual(["metric-volume", 240, "ml"]);
  });
});

describe("bounded work", () => {
  it("reads at most 32 characters of a run of digits (parse-ingredient tries every prefix of a run)", () => {
    // 498 digits took 250 ms a read: a list item's amount (500 characters) is read on every addition.
    expect(readAmount(`${"1".repeat(498)} cups`)?.quantity).toBe(Number("1".repeat(32)));
    expect(readAmount(`${"1 ".repeat(240)}xyz`)?.quantity).toBeLessThan(Number("1".repeat(33)));
  });
});

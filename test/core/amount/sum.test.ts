/**
 * Amounts as written, scaled and added up (core/amount/sum.ts;
 * CONTRACT.md "amounts: from what people write to grams, and back").
 */
import { describe, expect, it } from "vitest";
import { readAmount } from "../../../core/amount/read.ts";
import { MAX_SUM_CHARS, scaleAmount, sumAmounts } from "../../../core/amount/sum.ts";
import { writeAmount } from "../../../core/amount/write.ts";

describe("the contract's examples", () => {
  it.each([
    ["1 1/2 cups", 2, "3 cups"],
    ["1 1/2 cups", 0.25, "6 tbsp"],
    ["1 tsp", 3, "1 tbsp"],
    ["2 eggs", 0.25, "1/2 egg"],
    ["250 ml", 1 / 3, "85 ml"],
    ["a pinch", 2, "a pinch"],
    ["to taste", 3, "to taste"],
    ["salt to taste", 0.5, "salt to taste"],
    ["2 tbsp, melted", 2, "4 tbsp, melted"],
    ["1/8 cup", 1.0000001, "2 tbsp"],
    ["1-2 tbsp", 2, "2-4 tbsp"],
  ])("scaleAmount(%j, %d) = %j", (text, factor, expected) => {
    expect(scaleAmount(text, factor)).toBe(expected);
  });

  it.each([
    [["2 tbsp", "1 tbsp"], "3 tbsp"],
    [["1 cup", "4 tbsp"], "1 1/4 cups"],
    [["1 onion", "2 onions"], "3 onions"],
    [["2 cups", "1 pinch"], "2 cups + 1 pinch"],
    [["2 cups", "a pinch"], "2 cups + a pinch"],
    [["2 tbsp, melted", "1 tbsp"], "3 tbsp"],
    [["1 cup", "for the water"], "1 cup"],
    [["1 cup for the water", "1 cup"], "2 cups"],
  ])("sumAmounts(%j) = %j", (texts, expected) => {
    expect(sumAmounts(texts)).toBe(expected);
  });
});

describe("thirds of a tablespoon", () => {
  it.each([
    ["2/3 tbsp", 2, "4 tsp"],
    ["1 tbsp", 5 / 3, "5 tsp"],
    ["1/2 tsp", 8, "4 tsp"],
    ["1 tbsp", 10 / 3, "3 1/3 tbsp"],
    ["1 tbsp", 1.5, "1 1/2 tbsp"],
  ])("below 3 tbsp are counted in teaspoons: scaleAmount(%j, %d) = %j", (text, factor, expected) => {
    expect(scaleAmount(text, factor)).toBe(expected);
  });

  it("and so in a sum: 1 tbsp + 1 tsp = 4 tsp", () => {
    expect(sumAmounts(["1 tbsp", "1 tsp"])).toBe("4 tsp");
  });
});
// Each text scaled by 2, 3, 4, 1/2, 1/3, 1/4 and 8.
const FACTORS = [2, 3, 4, 0.5, 1 / 3, 0.25, 8];
const GRID: [string, string[]][] = [
  ["1 cup", ["2 cups", "3 cups", "4 cups", "1/2 cup", "1/3 cup", "1/4 cup", "8 cups"]],
  ["1 1/2 cups", ["3 cups", "4 1/2 cups", "6 cups", "3/4 cup", "1/2 cup", "6 tbsp", "12 cups"]],
  ["1/2 cup", ["1 cup", "1 1/2 cups", "2 cups", "1/4 cup", "8 tsp", "2 tbsp", "4 cups"]],
  ["3/4 cup", ["1 1/2 cups", "2 1/4 cups", "3 cups", "6 tbsp", "1/4 cup", "3 tbsp", "6 cups"]],
  ["2/3 cup", ["1 1/3 cups", "2 cups", "2 2/3 cups", "1/3 cup", "3 1/2 tbsp", "8 tsp", "5 1/3 cups"]],
  ["1/3 cup", ["2/3 cup", "1 cup", "1 1/3 cups", "8 tsp", "1 3/4 tbsp", "4 tsp", "2 2/3 cups"]],
  ["1/4 cup", ["1/2 cup", "3/4 cup", "1 cup", "2 tbsp", "4 tsp", "1 tbsp", "2 cups"]],
  ["2 cups", ["4 cups", "6 cups", "8 cups", "1 cup", "2/3 cup", "1/2 cup", "16 cups"]],
  ["1 tbsp", ["2 tbsp", "3 tbsp", "4 tbsp", "1 1/2 tsp", "1 tsp", "3/4 tsp", "1/2 cup"]],
  ["2 tbsp", ["4 tbsp", "6 tbsp", "1/2 cup", "1 tbsp", "2 tsp", "1 1/2 tsp", "1 cup"]],
  ["3 tbsp", ["6 tbsp", "1/2 cup + 1 tbsp", "3/4 cup", "1 1/2 tbsp", "1 tbsp", "2 1/4 tsp", "1 1/2 cups"]],
  ["1 tsp", ["2 tsp", "1 tbsp", "4 tsp", "1/2 tsp", "1/3 tsp", "1/4 tsp", "8 tsp"]],
  ["1/2 tsp", ["1 tsp", "1 1/2 tsp", "2 tsp", "1/4 tsp", "1/8 tsp", "1/8 tsp", "4 tsp"]],
  ["1/4 tsp", ["1/2 tsp", "3/4 tsp", "1 tsp", "1/8 tsp", "1/8 tsp", "1/8 tsp", "2 tsp"]],
  ["2 eggs", ["4 eggs", "6 eggs", "8 eggs", "1 egg", "2/3 egg", "1/2 egg", "16 eggs"]],
  ["1 onion", ["2 onions", "3 onions", "4 onions", "1/2 onion", "1/3 onion", "1/4 onion", "8 onions"]],
  [
    "3 cloves garlic",
    [
      "6 cloves garlic",
      "9 cloves garlic",
      "12 cloves garlic",
      "1 1/2 cloves garlic",
      "1 clove garlic",
      "3/4 clove garlic",
      "24 cloves garlic",
    ],
  ],
  ["250 ml", ["500 ml", "750 ml", "1 l", "125 ml", "85 ml", "65 ml", "2 l"]],
  ["500 g", ["1 kg", "1.5 kg", "2 kg", "250 g", "170 g", "125 g", "4 kg"]],
  ["1 kg", ["2 kg", "3 kg", "4 kg", "500 g", "330 g", "250 g", "8 kg"]],
  ["1 l", ["2 l", "3 l", "4 l", "500 ml", "330 ml", "250 ml", "8 l"]],
  ["100 ml", ["200 ml", "300 ml", "400 ml", "50 ml", "35 ml", "25 ml", "800 ml"]],
  [
    "2 tbsp, melted",
    [
      "4 tbsp, melted",
      "6 tbsp, melted",
      "1/2 cup, melted",
      "1 tbsp, melted",
      "2 tsp, melted",
      "1 1/2 tsp, melted",
      "1 cup, melted",
    ],
  ],
  ["1-2 tbsp", ["2-4 tbsp", "3-6 tbsp", "4-8 tbsp", "1 1/2-3 tsp", "1-2 tsp", "3/4-1 1/2 tsp", "1/2-1 cup"]],
  ["8 oz", ["1 lb", "1 1/2 lb", "2 lb", "4 oz", "2 2/3 oz", "2 oz", "4 lb"]],
  ["1 lb", ["2 lb", "3 lb", "4 lb", "1/2 lb", "1/3 lb", "1/4 lb", "8 lb"]],
  ["1 pint", ["2 pints", "3 pints", "4 pints", "1 cup", "2/3 cup", "1/2 cup", "8 pints"]],
  ["1 quart", ["2 quarts", "3 quarts", "4 quarts", "2 cups", "1 1/3 cups", "1 cup", "8 quarts"]],
  ["1 fl oz", ["2 fl oz", "3 fl oz", "4 fl oz", "1 tbsp", "2 tsp", "1 1/2 tsp", "8 fl oz"]],
  ["2", ["4", "6", "8", "1", "2/3", "1/2", "16"]],
  ["a pinch", ["a pinch", "a pinch", "a pinch", "a pinch", "a pinch", "a pinch", "a pinch"]],
  ["to taste", ["to taste", "to taste", "to taste", "to taste", "to taste", "to taste", "to taste"]],
];

describe("scaleAmount by 2, 3, 4, 1/2, 1/3, 1/4, 8", () => {
  it.each(
    GRID.flatMap(([text, results]) =>
      results.map((expected, i) => [text, FACTORS[i] as number, expected] as [string, number, string]),
    ),
  )("%j × %d = %j", (text, factor, expected) => {
    expect(scaleAmount(text, factor)).toBe(expected);
  });
});

describe("scaleAmount", () => {
  it.each([
    // spellings in, one style out
    ["1½ cups", 2, "3 cups"],
    ["1 ½ cups", 2, "3 cups"],
    ["½ tsp", 2, "1 tsp"],
    ["⅓ cup", 3, "1 cup"],
    ["¾ cup", 2, "1 1/2 cups"],
    ["0.5 cup", 2, "1 cup"],
    ["2 tablespoons", 2, "4 tbsp"],
    ["1 Tbsp", 3, "3 tbsp"],
    ["1 T", 2, "2 tbsp"],
    ["1 t", 2, "2 tsp"],
    ["3 teaspoons", 2, "2 tbsp"],
    ["1 c", 2, "2 cups"],
    // moving between units
    ["1/8 cup", 2, "1/4 cup"],
    ["1/8 cup", 0.5, "1 tbsp"],
    ["8 tbsp", 2, "1 cup"],
    ["16 tbsp", 0.5, "1/2 cup"],
    ["6 tbsp", 2, "3/4 cup"],
    ["5 tbsp", 2, "1/2 cup + 2 tbsp"],
    ["1 tbsp", 0.5, "1 1/2 tsp"],
    ["1 tbsp", 1.5, "1 1/2 tbsp"],
    ["2 tsp", 3, "2 tbsp"],
    ["1 tsp", 6, "2 tbsp"],
    ["1 cup", 1.125, "1 cup + 2 tbsp"],
    ["1 cup", 0.3, "4 3/4 tbsp"],
    ["1 cup", 2.1, "2 cups"],
    ["1 cup", 10, "10 cups"],
    ["1 cup", 10.4, "10 cups"],
    ["1 pint", 0.25, "1/2 cup"],
    ["2 quarts", 0.25, "2 cups"],
    ["2 quarts", 2, "4 quarts"],
    ["1 gallon", 2, "2 gallons"],
    ["1 gallon", 0.25, "4 cups"],
    ["2 fl oz", 0.25, "1 tbsp"],
    ["2 fluid ounces", 3, "6 fl oz"],
    ["12 oz", 2, "1 1/2 lb"],
    ["9 oz", 2, "18 oz"],
    ["4 ounces", 0.5, "2 oz"],
    ["2 lbs", 0.25, "1/2 lb"],
    ["1 pound", 0.125, "2 oz"],
    // metric rounding
    ["250 ml", 0.5, "125 ml"],
    ["250 ml", 3, "750 ml"],
    ["250 ml", 5, "1.25 l"],
    ["330 ml", 1 / 3, "110 ml"],
    ["400 g", 1 / 3, "130 g"],
    ["200 g", 1 / 3, "65 g"],
    ["20 g", 1 / 3, "6.5 g"],
    ["5 g", 1 / 3, "1.5 g"],
    ["1 g", 0.25, "0.3 g"],
    ["0.1 g", 0.25, "0.1 g"],
    ["3 g", 3, "9 g"],
    ["700 ml", 3, "2.1 l"],
    ["800 g", 1.7, "1.35 kg"],
    ["4 kg", 3, "12 kg"],
    ["1,5 l", 2, "3 l"],
    ["1,5 kg", 1.5, "2,25 kg"],
    ["0,5 l", 0.5, "250 ml"],
    ["5 cl", 2, "100 ml"],
    ["2 dl", 3, "600 ml"],
    ["1 l", 0.25, "250 ml"],
    ["1 litre", 0.5, "500 ml"],
    ["10 millilitres", 3, "30 ml"],
    ["100 gr", 0.5, "50 g"],
    ["1 kilo", 2, "2 kg"],
    ["1 kg", 0.001, "1 g"],
    // pieces and plurals
    ["1 egg", 2, "2 eggs"],
    ["1 egg", 0.5, "1/2 egg"],
    ["1 egg", 1.5, "1 1/2 eggs"],
    ["3 eggs", 1 / 3, "1 egg"],
    ["12 eggs", 1 / 3, "4 eggs"],
    ["100 almonds", 1 / 3, "33 almonds"],
    ["1 onion", 0.1, "1/4 onion"],
    ["3 large onions", 1 / 3, "1 large onion"],
    ["3 large onions", 2, "6 large onions"],
    ["2 cloves garlic", 0.5, "1 clove garlic"],
    ["3 garlic cloves", 1 / 3, "1 garlic clove"],
    ["1 clove", 3, "3 cloves"],
    ["2 tomatoes", 0.5, "1 tomato"],
    ["1 tomato", 2, "2 tomatoes"],
    ["1 potato", 3, "3 potatoes"],
    ["1 berry", 3, "3 berries"],
    ["1 leaf", 2, "2 leaves"],
    ["1 bunch parsley", 2, "2 bunches parsley"],
    ["1 (14 oz) can", 2, "2 (14 oz) cans"],
    ["2 cans", 0.5, "1 can"],
    ["1 dozen", 2, "2 dozen"],
    ["2 pinches", 2, "4 pinches"],
    ["1 pinch", 3, "3 pinches"],
    ["2 slices", 0.5, "1 slice"],
    ["an onion", 2, "2 onions"],
    ["one egg", 3, "3 eggs"],
    ["a cup", 0.5, "1/2 cup"],
    ["1 Egg", 2, "2 Eggs"],
    ["1 1/2", 2, "3"],
    ["½", 3, "1 1/2"],
    // ranges
    ["1-2 tbsp", 3, "3-6 tbsp"],
    ["1 - 2 tbsp", 2, "2-4 tbsp"],
    ["1–2 tbsp", 2, "2-4 tbsp"],
    ["1 to 2 cups", 2, "2 to 4 cups"],
    ["1 1/2 - 2 cups", 2, "3-4 cups"],
    ["2-3 eggs", 0.5, "1-1 1/2 eggs"],
    ["1-2 eggs", 0.5, "1/2-1 egg"],
    ["100-150 g", 2, "200-300 g"],
    ["1-2 tsp", 3, "1-2 tbsp"],
    // notes stay
    ["2 tbsp, melted", 3, "6 tbsp, melted"],
    ["1 cup, packed", 0.5, "1/2 cup, packed"],
    ["2 cups flour", 2, "4 cups flour"],
    ["2 eggs (optional)", 0.5, "1 egg (optional)"],
    ["2 eggs for the glaze", 2, "4 eggs for the glaze"],
    ["an egg, beaten", 2, "2 eggs, beaten"],
    ["250 ml, warm", 2, "500 ml, warm"],
    ["1 cup for the water", 0.25, "1/4 cup for the water"],
    ["1 heaped tbsp", 2, "2 heaped tbsp"],
    ["1 cup (240 ml)", 2, "2 cups (480 ml)"],
    ["1 cup (240 ml)", 0.5, "1/2 cup (120 ml)"],
    // words without a quantity stay as written
    ["a pinch", 0.25, "a pinch"],
    ["a few", 2, "a few"],
    ["a handful", 3, "a handful"],
    ["some", 2, "some"],
    ["as needed", 2, "as needed"],
    ["salt to taste", 8, "salt to taste"],
    ["for the water", 2, "for the water"],
    ["a dash", 2, "a dash"],
    ["a pinch, for the top", 2, "a pinch, for the top"],
    ["", 2, ""],
    // unusual texts: the number scales, what cannot be read stays as written
    ["2 x 400g tins", 2, "4 x 400g tins"],
    ["juice of 1 lemon", 2, "juice of 1 lemon"],
    ["1 (", 2, "1 ("],
    ["3 ( 2", 2, "3 ( 2"],
    ["()", 2, "()"],
    ["0 cups", 2, "0 cups"],
    ["1/0 cup", 2, "1/0 cup"],
    ["2 large", 2, "4 large"],
    ["1 cm", 2, "2 cm"],
    ["2 inches ginger", 2, "4 inches ginger"],
    ["2 inches ginger", 1 / 3, "2/3 inch ginger"],
    ["1 cup (about 2)", 2, "2 cups (about 2)"],
    ["1 1/2 cups (355 ml), warm", 2, "3 cups (710 ml), warm"],
    ["2 tbsp , melted", 2, "4 tbsp, melted"],
    ["1 small onion", 2, "2 small onions"],
    ["12,5 g", 2, "25 g"],
    // several amounts
    ["2 cups + 1 pinch", 2, "4 cups + 2 pinches"],
    ["2 cups + a pinch", 0.5, "1 cup + a pinch"],
    ["1 cup + 250 ml", 2, "2 cups + 500 ml"],
  ])("%j × %d = %j", (text, factor, expected) => {
    expect(scaleAmount(text, factor)).toBe(expected);
  });

  it.each([
    "1 tablespoon",
    "2 Tbsp",
    "1.5 cups",
    "1/8 cup",
    "3 teaspoons",
    "1,5 l",
    "1 (14 oz) can",
    "2 tbsp, melted",
    "a pinch",
    "salt to taste",
    "  2 eggs  ",
    "1 cup + 1 pinch",
    "",
  ])("factor 1 returns %j unchanged", (text) => {
    expect(scaleAmount(text, 1)).toBe(text);
  });

  it.each([
    ["1 1/2 cups", 4, 0.25],
    ["2 eggs", 3, 1 / 3],
    ["1/4 cup", 2, 0.5],
    ["3 tbsp", 4, 0.25],
    ["500 g", 2, 0.5],
  ])("%j × %d and back is the same amount", (text, up, down) => {
    expect(scaleAmount(scaleAmount(text, up), down)).toBe(writeAmount(readAmount(text) as never));
  });

  it.each([0, -1, Number.NaN, Number.POSITIVE_INFINITY])("factor %d is a RangeError", (factor) => {
    expect(() => scaleAmount("1 cup", factor)).toThrow(RangeError);
  });
});

describe("spoons in the ten languages are counted as written, never read as cups", () => {
  // [as written, × 2, × 3, ÷ 2, × 8]
  it.each<[string, string, string, string, string]>([
    ["1 tbsp", "2 tbsp", "3 tbsp", "1 1/2 tsp", "1/2 cup"],
    ["1 tsp", "2 tsp", "1 tbsp", "1/2 tsp", "8 tsp"],
    ["1 c. à soupe", "2 c. à soupe", "3 c. à soupe", "1/2 c. à soupe", "8 c. à soupe"],
    ["1 c. à café", "2 c. à café", "3 c. à café", "1/2 c. à café", "8 c. à café"],
    [
      "1 cuillère à soupe",
      "2 cuillères à soupe",
      "3 cuillères à soupe",
      "1/2 cuillère à soupe",
      "8 cuillères à soupe",
    ],
    ["1 EL", "2 EL", "3 EL", "1/2 EL", "8 EL"],
    ["1 TL", "2 TL", "3 TL", "1/2 TL", "8 TL"],
    ["1 cucharada", "2 cucharadas", "3 cucharadas", "1/2 cucharada", "8 cucharadas"],
    ["1 cucharadita", "2 cucharaditas", "3 cucharaditas", "1/2 cucharadita", "8 cucharaditas"],
    ["1 cucchiaio", "2 cucchiai", "3 cucchiai", "1/2 cucchiaio", "8 cucchiai"],
    ["1 cucchiaino", "2 cucchiaini", "3 cucchiaini", "1/2 cucchiaino", "8 cucchiaini"],
    ["1 eetlepel", "2 eetlepels", "3 eetlepels", "1/2 eetlepel", "8 eetlepels"],
    ["1 theelepel", "2 theelepels", "3 theelepels", "1/2 theelepel", "8 theelepels"],
    [
      "1 colher de sopa",
      "2 colheres de sopa",
      "3 colheres de sopa",
      "1/2 colher de sopa",
      "8 colheres de sopa",
    ],
    ["1 colher (sopa)", "2 colheres (sopa)", "3 colheres (sopa)", "1/2 colher (sopa)", "8 colheres (sopa)"],
    ["1 msk", "2 msk", "3 msk", "1/2 msk", "8 msk"],
    ["1 tsk", "2 tsk", "3 tsk", "1/2 tsk", "8 tsk"],
    ["1 spsk", "2 spsk", "3 spsk", "1/2 spsk", "8 spsk"],
    ["1 spiseskje", "2 spiseskjeer", "3 spiseskjeer", "1/2 spiseskje", "8 spiseskjeer"],
  ])("%s × 2, 3, 1/2, 8", (written, two, three, half, eight) => {
    expect([2, 3, 0.5, 8].map((factor) => scaleAmount(written, factor))).toEqual([two, three, half, eight]);
  });

  it("keeps the note, reads a decimal comma, and adds spoons of one kind up", () => {
    expect(scaleAmount("1-2 c. à soupe d'huile", 2)).toBe("2-4 c. à soupe d'huile");
    expect(scaleAmount("1,5 EL", 3)).toBe("4 1/2 EL");
    expect(scaleAmount("2 Stk.", 1.5)).toBe("3 Stk.");
    expect(scaleAmount("1 Prise Salz", 2)).toBe("2 Prisen Salz");
    expect(sumAmounts(["1 c. à soupe", "2 c. à soupe"])).toBe("3 c. à soupe");
    expect(sumAmounts(["1 cucchiaio", "1 cucchiaio"])).toBe("2 cucchiai");
  });
});

describe("awkward cup fractions as a cook measures them: cups, then spoons", () => {
  // Pancakes (4 servings): 1 1/2 cups flour, 1 1/4 cups milk, 2 tbsp butter, at 1 to 8 servings.
  it.each<[string, number, string]>([
    ["1 1/2 cups", 1, "6 tbsp"],
    ["1 1/2 cups", 2, "3/4 cup"],
    ["1 1/2 cups", 3, "1 cup + 2 tbsp"],
    ["1 1/2 cups", 5, "1 3/4 cups + 2 tbsp"],
    ["1 1/2 cups", 6, "2 1/4 cups"],
    ["1 1/2 cups", 7, "2 2/3 cups"],
    ["1 1/4 cups", 1, "5 tbsp"],
    ["1 1/4 cups", 3, "3/4 cup + 3 tbsp"],
    ["1 1/4 cups", 5, "1 1/2 cups"],
    ["1 1/4 cups", 6, "1 3/4 cups + 2 tbsp"],
    ["1 1/4 cups", 7, "2 1/4 cups"],
    ["2 tbsp", 3, "1 1/2 tbsp"],
    ["2 tbsp", 8, "4 tbsp"],
    ["2 tbsp", 20, "1/2 cup + 2 tbsp"],
  ])("%s at %i of 4 servings = %s", (amount, servings, expected) => {
    const scaled = scaleAmount(amount, servings / 4);
    expect(scaled).toBe(expected);
    // Never more than one measuring cup amount and one spoon amount; never more than 8 tbsp in spoons.
    expect(scaled.split(" + ").length).toBeLessThanOrEqual(2);
    const spoons = /^(\d+) tbsp$/.exec(scaled)?.[1];
    if (spoons) expect(Number(spoons)).toBeLessThanOrEqual(8);
  });
});

describe("sumAmounts", () => {
  it(`writes at most ${MAX_SUM_CHARS} characters however many amounts it adds, then says how many more`, () => {
    const sprigs = Array.from({ length: 300 }, (_, i) => `a sprig of herb number ${i}`);
    const sum = sumAmounts(sprigs);
    expect(sum.length).toBeLessThanOrEqual(MAX_SUM_CHARS);
    const shown = sum.split(" + ").slice(0, -1);
    expect(shown[0]).toBe("a sprig of herb number 0");
    expect(sum).toMatch(new RegExp(` \\+ ${300 - shown.length} more$`));
    // Exactly at the bound, everything is written.
    const fits = Array.from({ length: 10 }, (_, i) => `a ${"x".repeat(44)}${i}`);
    expect(sumAmounts(fits)).toBe(fits.join(" + "));
  });

  it.each<[string[], string]>([
    // US volume
    [["2 tbsp", "1 tbsp"], "3 tbsp"],
    [["1 cup", "4 tbsp"], "1 1/4 cups"],
    [["1 cup", "1 cup"], "2 cups"],
    [["1/2 cup", "1/4 cup"], "3/4 cup"],
    [["1/3 cup", "1/3 cup", "1/3 cup"], "1 cup"],
    [["1 tsp", "2 tsp"], "1 tbsp"],
    [["1 tsp", "1 tsp"], "2 tsp"],
    [["2 tbsp", "2 tbsp"], "4 tbsp"],
    [["2 tbsp", "6 tsp"], "4 tbsp"],
    [["4 tbsp", "4 tbsp"], "1/2 cup"],
    [["1 cup", "1 tbsp"], "1 cup + 1 tbsp"],
    [["1 tablespoon", "1 Tbsp", "1 T"], "3 tbsp"],
    [["1 pint", "1 pint"], "2 pints"],
    [["1 pint", "1 cup"], "1 1/2 pints"],
    [["1 quart", "1 cup"], "1 1/4 quarts"],
    [["1 fl oz", "1 fl oz"], "2 fl oz"],
    [["1 fl oz", "1 tbsp"], "1 1/2 fl oz"],
    // US mass
    [["8 oz", "8 oz"], "1 lb"],
    [["1 lb", "1 lb"], "2 lb"],
    [["1 lb", "4 oz"], "1 1/4 lb"],
    [["3 oz", "2 oz"], "5 oz"],
    // metric
    [["250 ml", "1 l"], "1.25 l"],
    [["250 ml", "250 ml"], "500 ml"],
    [["500 ml", "500 ml"], "1 l"],
    [["100 g", "50 g"], "150 g"],
    [["1 kg", "500 g"], "1.5 kg"],
    [["1,5 kg", "500 g"], "2 kg"],
    [["0,5 l", "0,25 l"], "750 ml"],
    [["1,5 l", "0,25 l"], "1,75 l"],
    [["5 cl", "2 dl"], "250 ml"],
    [["123 g", "1 g"], "124 g"],
    [["0.3 g", "0.25 g"], "0.6 g"],
    [["999 ml", "2 ml"], "1.001 l"],
    // pieces and numbers
    [["1 onion", "2 onions"], "3 onions"],
    [["1 egg", "1 egg", "1 egg"], "3 eggs"],
    [["1/2 egg", "1/2 egg"], "1 egg"],
    [["2 eggs", "1 Egg"], "3 eggs"],
    [["1 clove garlic", "2 cloves garlic"], "3 cloves garlic"],
    [["2 pinches", "1 pinch"], "3 pinches"],
    [["an onion", "an onion"], "2 onions"],
    [["2", "3"], "5"],
    [["1/2", "1/4"], "3/4"],
    // ranges
    [["1-2 tbsp", "1 tbsp"], "2-3 tbsp"],
    [["1-2 tbsp", "1-2 tbsp"], "2-4 tbsp"],
    [["1 to 2 cups", "1 cup"], "2 to 3 cups"],
    [["2-3 eggs", "1 egg"], "3-4 eggs"],
    // different kinds side by side, in order of appearance
    [["2 cups", "1 pinch"], "2 cups + 1 pinch"],
    [["1 pinch", "2 cups"], "1 pinch + 2 cups"],
    [["1 cup", "250 ml"], "1 cup + 250 ml"],
    [["100 g", "4 oz"], "100 g + 4 oz"],
    [["1 cup", "100 g"], "1 cup + 100 g"],
    [["2 eggs", "1 onion"], "2 eggs + 1 onion"],
    [["3 large onions", "1 onion"], "3 large onions + 1 onion"],
    [["1 cup", "to taste"], "1 cup + to taste"],
    [["1 cup", "a pinch", "1 cup"], "2 cups + a pinch"],
    [["2", "2 eggs"], "2 + 2 eggs"],
    // words: once
    [["a pinch", "a pinch"], "a pinch"],
    [["to taste", "To taste"], "to taste"],
    [["a pinch", "to taste"], "a pinch + to taste"],
    // notes dropped
    [["2 tbsp, melted", "1 tbsp"], "3 tbsp"],
    [["2 tbsp, melted"], "2 tbsp"],
    [["2 tablespoons, melted"], "2 tablespoons"],
    [["2 cups flour"], "2 cups"],
    [["2 cups flour", "1 cup"], "3 cups"],
    [["1 cup for the water", "1 cup"], "2 cups"],
    [["2 eggs for the glaze", "1 egg"], "3 eggs"],
    [["2 eggs (optional)"], "2 eggs"],
    [["a pinch, for the top"], "a pinch"],
    [["for the water"], ""],
    [["1 cup (240 ml)", "1 cup"], "2 cups"],
    // empty texts and a single amount as written
    [[], ""],
    [[""], ""],
    [["", " "], ""],
    [["", "1 cup", ""], "1 cup"],
    [["1 tablespoon"], "1 tablespoon"],
    [["1.5 cups"], "1.5 cups"],
    // sums of sums
    [["2 cups + 1 pinch", "1 cup"], "3 cups + 1 pinch"],
    [["2 cups + 1 pinch", "1 cup + 1 pinch"], "3 cups + 2 pinches"],
    [["1 cup + 250 ml", "1 cup + 250 ml"], "2 cups + 500 ml"],
  ])("%j = %j", (texts, expected) => {
    expect(sumAmounts(texts)).toBe(expected);
  });

  it("gives the same total in any order", () => {
    const parts = ["1 cup", "4 tbsp", "2 tsp", "1/4 cup"];
    expect(sumAmounts(parts)).toBe(sumAmounts(parts.toReversed()));
  });
});

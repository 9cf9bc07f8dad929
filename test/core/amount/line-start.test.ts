/**
 * The amount at a line's start is read one way (core/amount/line-start.ts) by `readAmount` and by
 * the page import's line parser: the same numbers, ranges and decimal commas.
 */
import { describe, expect, it } from "vitest";
import { readAmount } from "../../../core/amount/read.ts";
import { parseIngredientLine } from "../../../core/page-import/ingredient-line.ts";

describe("readAmount and the line parser read a line's amount alike", () => {
  it.each([
    ["1 1/2 cups", 1.5],
    ["½ tsp", 0.5],
    ["1,5 l", 1.5],
    ["0,25 kg", 0.25],
    ["1,000 g", 1000],
    ["1.5 kg", 1.5],
    ["2-3 tbsp", 2],
    [`${"1".repeat(40)} g`, Number("1".repeat(32))],
  ])("%s", (amount, quantity) => {
    expect(readAmount(amount)?.quantity).toBe(quantity);
    expect(parseIngredientLine(`${amount} flour`).quantity).toBe(quantity);
  });

  it("writes back a decimal comma as it was read", () => {
    expect(readAmount("1,5 l")?.decimalComma).toBe(true);
    expect(readAmount("1,000 g")?.decimalComma).toBe(false);
  });
});

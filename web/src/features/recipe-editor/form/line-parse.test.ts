import { describe, expect, it } from "vitest";
import { fillFromParse, gramsSource, gramsText, type ParsedLine } from "./line-parse.ts";
import { emptyLine, withLineText } from "./recipe-form.ts";

const flour: ParsedLine = {
  text: "1 1/2 cups flour, sifted",
  amount_readable: "1 1/2 cups",
  amount_grams: 187.5,
  grams_from: "volume",
  ingredient_id: 4,
  ingredient_name: "Flour",
  note: "sifted",
};

describe("a line as written, read by the API", () => {
  it("shows whole grams from 10 g, one decimal below", () => {
    expect(gramsText(187.5)).toBe("188");
    expect(gramsText(1.46)).toBe("1.5");
    expect(gramsText(0)).toBe("0");
    expect(gramsText(null)).toBe("");
  });

  it("fills an empty line: grams, the amount with its note, the ingredient, where the grams came from", () => {
    const line = fillFromParse({ ...emptyLine(), text: flour.text }, flour);
    expect(line).toMatchObject({
      text: flour.text,
      amount_grams: "188",
      amount_readable: "1 1/2 cups, sifted",
      name: "Flour",
      ingredient_id: 4,
    });
    expect(gramsSource(line)).toBe("volume");
  });

  it("keeps what was changed by hand since, and replaces what was not", () => {
    const first = fillFromParse(emptyLine(), flour);
    const edited = { ...first, amount_grams: "200" };
    const again = fillFromParse(edited, {
      ...flour,
      amount_readable: "2 cups",
      amount_grams: 250,
      note: null,
    });
    expect(again.amount_grams).toBe("200");
    expect(gramsSource(again)).toBeNull(); // typed by hand: no longer from the parse
    expect(again.amount_readable).toBe("2 cups");
    expect(again.name).toBe("Flour");

    const picked = { ...first, name: "Rye flour", ingredient_id: 7 };
    expect(fillFromParse(picked, { ...flour, ingredient_id: null, ingredient_name: "spelt" })).toMatchObject({
      name: "Rye flour",
      ingredient_id: 7,
    });
  });

  it("leaves unknown grams empty for the person to enter", () => {
    const line = fillFromParse(emptyLine(), {
      ...flour,
      amount_grams: null,
      grams_from: "unknown",
      ingredient_id: null,
      ingredient_name: "saffron",
      note: null,
    });
    expect(line).toMatchObject({ amount_grams: "", name: "saffron", ingredient_id: null });
    expect(gramsSource(line)).toBe("unknown");
  });

  it("writes a stored line's text from its fields, which count as filled from it", () => {
    const line = withLineText({
      ingredient_id: 4,
      name: "Flour",
      amount_grams: "200",
      amount_readable: "1 1/2 cups, sifted",
    });
    expect(line.text).toBe("1 1/2 cups Flour, sifted");
    const again = fillFromParse(line, {
      ...flour,
      text: "2 cups flour",
      amount_readable: "2 cups",
      amount_grams: 250,
      note: null,
    });
    expect(again).toMatchObject({ amount_grams: "250", amount_readable: "2 cups" });
  });
});

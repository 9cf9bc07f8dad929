/**
 * The built-in foods' names in each language (../../food-names.ts, the build's tables) as
 * ./food-name-table.ts reads them: a name from any language of the tables shows as the reader's
 * language's usual name, a plural as its English singular's, and what the tables lack as stored.
 */
import { describe, expect, it } from "vitest";
import { foodNameTable } from "../../food-names.ts";
import { lookupForms, namer } from "./food-name-table.ts";
import { LANGUAGES, type Language } from "./languages.ts";

const shownIn = (language: Language) => namer(foodNameTable(language));

describe("the foods' names in a language", () => {
  it("shows a name from another language as the language's usual one", () => {
    expect(shownIn("fr")("Zucker")).toBe("sucre");
    expect(shownIn("de")("Sugar")).toBe("Zucker");
    expect(shownIn("de")("caster sugar")).toBe("Zucker"); // an English alias
    expect(shownIn("en")("Zucker")).toBe("Sugar");
    expect(shownIn("en")("sucre")).toBe("Sugar");
    expect(shownIn("nb")("Zucker")).toBe("sukker"); // the tables' Norwegian is `no`
    expect(shownIn("it")("Mehl")).toBe("farina");
  });

  it("reads names case-insensitively and a plural as its English singular", () => {
    expect(shownIn("de")("Eggs")).toBe("Ei");
    expect(shownIn("de")("SUGAR")).toBe("Zucker");
    expect(shownIn("de")("  sugar ")).toBe("Zucker");
    expect(shownIn("it")("Tomatoes")).toBe("pomodoro");
    expect(lookupForms("Berries")).toEqual(["berries", "berrie", "berri", "berry"]);
    expect(lookupForms("Milk")).toEqual(["milk"]);
  });

  it("shows a name the language has, or that no table has, as stored", () => {
    expect(shownIn("de")("Quark aus der Region")).toBe("Quark aus der Region");
    expect(shownIn("de")("Type 405")).toBe("Type 405"); // German already: not made `Mehl`
    expect(shownIn("en")("Eggs")).toBe("Eggs"); // English already: not made `Egg`
    expect(shownIn("en")("plain flour")).toBe("plain flour");
    expect(shownIn("pt")("mel")).toBe("mel"); // honey in Portuguese, though flour in Danish
    expect(shownIn("fr")("tagliatelles")).toBe("tagliatelles"); // not read as Italian `tagliatelle`
    // `spaghetti` is a kind of the tables' dry pasta (`Macaroni`), though Italian's usual name for it.
    expect(shownIn("en")("Spaghetti")).toBe("Spaghetti");
    expect(shownIn("it")("Pasta")).toBe("Pasta");
    expect(shownIn("de")("Pasta")).toBe("Nudeln");
  });

  it("has a table in every app language, each line a food the language names", () => {
    for (const language of LANGUAGES) {
      const table = foodNameTable(language);
      expect(table.foods.length, language).toBeGreaterThan(200);
      for (const line of table.foods) expect(line.split("|").length, line).toBeGreaterThan(1);
    }
  });
});

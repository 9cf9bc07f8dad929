/**
 * One ingredient across languages (issue 39): how a line is matched to the ingredients that exist,
 * by the food it names in its language (core/page-import/service.ts matchIngredients through the
 * lexicon's namedFood and foodNames), and the two leaks of the parser the issue names. The stored
 * ingredients are a list here; `find` compares names ignoring case, as the database's name_key()
 * does (its plural rule is tested against the database in test/functions/ingredient-lines*.test.ts).
 */
import { describe, expect, it } from "vitest";
import { parseIngredientLine } from "../../../core/page-import/ingredient-line.ts";
import { foodNames } from "../../../core/page-import/lexicon.ts";
import type { IngredientWeightsRow } from "../../../core/page-import/repository.ts";
import { type FindIngredients, readLines } from "../../../core/page-import/service.ts";
import { foodNamed } from "../../../core/page-import/text.ts";

/** A `find` over these stored names (ids in order), case blind. */
function stored(...names: string[]): FindIngredients {
  const rows = names.map((name, i) => ({ id: i + 1, name, grams_per_ml: null, grams_per_piece: null }));
  return async (asked) =>
    asked.flatMap((a): IngredientWeightsRow[] =>
      rows.filter((row) => row.name.toLowerCase() === a.toLowerCase()).map((row) => ({ ...row, asked: a })),
    );
}

const matched = async (lines: string[], find: FindIngredients, lang?: string) =>
  (await readLines(lines, find, lang)).map((item) => [item.ingredient_id, item.ingredient_name]);

describe("matching a line to an ingredient in another language", () => {
  it("matches a line in any language to the ingredient under the food's English name", async () => {
    const find = stored("Sugar", "Egg", "Olive oil", "Flour");
    expect(await matched(["200 g Zucker", "2 Eier", "2 EL Olivenöl"], find, "de")).toEqual([
      [1, "Sugar"],
      [2, "Egg"],
      [3, "Olive oil"],
    ]);
    expect(await matched(["250 g farine"], find, "fr")).toEqual([[4, "Flour"]]);
    // Without a language: the foods of every table.
    expect(await matched(["250 g farine", "200 g Zucker"], find)).toEqual([
      [4, "Flour"],
      [1, "Sugar"],
    ]);
  });

  it("matches an English line to an ingredient called by one of the food's names in another language", async () => {
    const find = stored("Zucker", "Olivenöl");
    expect(await matched(["1 cup sugar", "2 tbsp olive oil"], find, "en")).toEqual([
      [1, "Zucker"],
      [2, "Olivenöl"],
    ]);
    expect(await matched(["100 g de sucre"], find, "fr")).toEqual([[1, "Zucker"]]);
  });

  it("prefers the line's own name, then the food's English name, then the oldest of its other names", async () => {
    expect(await matched(["200 g Zucker"], stored("Sugar", "Zucker"), "de")).toEqual([[2, "Zucker"]]);
    expect(await matched(["100 g sucre"], stored("Zucker", "Sugar"), "fr")).toEqual([[2, "Sugar"]]);
    expect(await matched(["100 g sucre"], stored("Zucker", "azúcar"), "fr")).toEqual([[1, "Zucker"]]);
  });

  it("offers the line's own words as the new ingredient's name when none matches", async () => {
    expect(await matched(["200 g Zucker", "2 zqunknown things"], stored(), "de")).toEqual([
      [null, "Zucker"],
      [null, "Zqunknown thing"],
    ]);
  });

  it("keeps English foods apart that the English table keeps apart", async () => {
    expect(
      await matched(["1 tbsp powdered sugar", "1 cup bread flour"], stored("Sugar", "Flour"), "en"),
    ).toEqual([
      [null, "Powdered sugar"],
      [null, "Bread flour"],
    ]);
    expect(await matched(["1 EL Puderzucker"], stored("Sugar", "Powdered sugar"), "de")).toEqual([
      [2, "Powdered sugar"],
    ]);
  });

  it("knows each food's names in every language of the tables", () => {
    const sugar = foodNamed("sugar");
    expect(sugar && foodNames(sugar)).toEqual(
      expect.arrayContaining([
        "Sugar",
        "Zucker",
        "sucre",
        "azúcar",
        "zucchero",
        "suiker",
        "açúcar",
        "socker",
        "sukker",
      ]),
    );
  });
});

describe("the leaks issue 39 names", () => {
  it.each([
    ["de", "2 Zwiebel(n)", "Zwiebel", null, "Onion"],
    ["de", "1 Zwiebel(n), gewürfelt", "Zwiebel", "gewürfelt", "Onion"],
    ["de", "3 Karotte(n)", "Karotte", null, "Carrot"],
    ["de", "2 Ei(er)", "Ei", null, "Egg"],
    ["en", "2 onion(s) (large)", "onion", "large", "Onion"],
    ["fr", "3 tomate(s)", "tomate", null, "Tomato"],
  ])("%s `%s`: the plural's ending glued to the word is no note", (lang, line, name, note, food) => {
    const parsed = parseIngredientLine(line, { language: lang });
    expect([parsed.name, parsed.note, parsed.food?.name, parsed.namedFood?.name]).toEqual([
      name,
      note,
      food,
      food,
    ]);
  });

  it.each([
    ["1 c.c sel", "1 c.c", "sel"],
    ["1 c.c. sel", "1 c.c.", "sel"],
    ["1 c.c de sucre", "1 c.c", "sucre"],
    ["2 c.s huile d'olive", "2 c.s", "huile d'olive"],
  ])("fr `%s`: a spoon, not a name", (line, amount, name) => {
    const parsed = parseIngredientLine(line, { language: "fr" });
    expect([parsed.amountReadable, parsed.name, parsed.unitSize]).toEqual([
      amount,
      name,
      line.includes("c.s") ? 15 : 5,
    ]);
  });

  it("reads `c.c` in Spanish as the millilitre it is there", () => {
    const parsed = parseIngredientLine("100 c.c de agua", { language: "es" });
    expect([parsed.quantity, parsed.unit, parsed.name]).toEqual([100, "milliliter", "agua"]);
  });
});

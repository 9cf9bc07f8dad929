/**
 * Ingredient lines in the cook's own language (core/words): the table of lines in
 * test/fixtures/page-import/language-lines.txt (every language, its units, number words, vague
 * amounts and foods), decimal commas in every position, the English cases, the tables themselves
 * (each food they name is in the built-in table, each has its sources) and how a line of a
 * liquid the table lacks reaches the draft.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { FOODS } from "../../../core/page-import/foods.ts";
import { gramsFor } from "../../../core/page-import/grams.ts";
import { parseIngredientLine } from "../../../core/page-import/ingredient-line.ts";
import { foodRows, lexiconOf } from "../../../core/page-import/lexicon.ts";
import { draftFromSource } from "../../../core/page-import/service.ts";
import { LANGUAGES, languageOf, sharedUnits } from "../../../core/words/index.ts";
import { fold, wordsOf } from "../../../core/words/words.ts";

type Case = {
  language: string | undefined;
  line: string;
  quantity: number | null;
  food: string | null;
  grams: number | null;
};

const cell = (text: string | undefined) => (text === undefined || text.trim() === "-" ? null : text.trim());

const cases: Case[] = readFileSync(
  new URL("../../fixtures/page-import/language-lines.txt", import.meta.url),
  "utf8",
)
  .split("\n")
  .filter((row) => row.trim() && !row.startsWith("#"))
  .map((row) => {
    const [language, line = "", quantity, food, grams] = row.split(" | ");
    const q = cell(quantity);
    const g = cell(grams);
    return {
      language: cell(language) ?? undefined,
      line,
      quantity: q === null ? null : Number(q),
      food: cell(food),
      grams: g === null ? null : Number(g),
    };
  });

/** A line read as the import reads it: US measures on an English page or one without a language. */
function read(line: string, language: string | undefined) {
  const parsed = parseIngredientLine(line, { language });
  const system = language === undefined || language === "en" ? "us" : "metric";
  return { parsed, grams: gramsFor(parsed, undefined, parsed.food, system) };
}

const close = (actual: number | null, expected: number | null) =>
  actual === null || expected === null
    ? actual === expected
    : Math.abs(actual - expected) <= Math.max(0.5, expected * 0.01);

describe("the table of lines in every language", () => {
  it("has hundreds of lines, at least twenty in each language", () => {
    expect(cases.length).toBeGreaterThanOrEqual(290);
    for (const code of Object.keys(LANGUAGES)) {
      expect(cases.filter((c) => c.language === code).length, code).toBeGreaterThanOrEqual(20);
    }
  });

  for (const c of cases) {
    it(`${c.language ?? "no language"}: ${c.line}`, () => {
      const { parsed, grams } = read(c.line, c.language);
      expect(parsed.quantity).toBe(c.quantity);
      expect(parsed.food?.name ?? null).toBe(c.food);
      expect(close(grams.grams, c.grams), `${grams.grams} g (${grams.how}), expected ${c.grams}`).toBe(true);
    });
  }
});

describe("reading a line in its language", () => {
  it("keeps the amount as written, sends the how-words to the note and keeps the name as written", () => {
    expect(parseIngredientLine("2 Zwiebeln, fein gehackt", { language: "de" })).toMatchObject({
      amountReadable: "2",
      name: "Zwiebeln",
      note: "fein gehackt",
    });
    expect(parseIngredientLine("1 oignon haché finement", { language: "fr" })).toMatchObject({
      name: "oignon",
      note: "haché finement",
    });
    expect(parseIngredientLine("2 c. à soupe d'huile d'olive", { language: "fr" })).toMatchObject({
      amountReadable: "2 c. à soupe",
      unit: "tablespoon",
      unitSize: 15,
      name: "huile d'olive",
    });
    expect(
      parseIngredientLine("4 zanahorias peladas y cortadas en rodajas", { language: "es" }),
    ).toMatchObject({
      name: "zanahorias",
      note: "peladas y cortadas en rodajas",
    });
    expect(parseIngredientLine("sale q.b.", { language: "it" })).toMatchObject({
      quantity: null,
      name: "sale",
      note: "q.b.",
    });
    expect(parseIngredientLine("2 colheres (sopa) de azeite", { language: "pt" })).toMatchObject({
      amountReadable: "2 colheres (sopa)",
      name: "azeite",
    });
  });

  it("writes number words as numbers a cook can scale", () => {
    expect(parseIngredientLine("eine halbe Zitrone", { language: "de" })).toMatchObject({
      quantity: 0.5,
      amountReadable: "1/2",
    });
    expect(parseIngredientLine("eineinhalb TL Zucker", { language: "de" })).toMatchObject({
      quantity: 1.5,
      amountReadable: "1 1/2 TL",
    });
    expect(parseIngredientLine("une gousse d'ail", { language: "fr" })).toMatchObject({
      quantity: 1,
      unit: "clove",
    });
    expect(parseIngredientLine("twee eieren", { language: "nl" }).quantity).toBe(2);
    expect(parseIngredientLine("halvanden dl mælk", { language: "da" }).quantity).toBe(1.5);
  });

  it("keeps amounts without a number unknown, the words as the amount", () => {
    for (const [line, language, amount] of [
      ["eine Prise Salz", "de", "eine Prise"],
      ["une pincée de sel", "fr", "une pincée"],
      ["una pizca de sal", "es", "una pizca"],
      ["un pizzico di sale", "it", "un pizzico"],
      ["een snufje zout", "nl", "een snufje"],
      ["uma pitada de sal", "pt", "uma pitada"],
      ["en nypa salt", "sv", "en nypa"],
      ["a pinch of salt", "en", "a pinch"],
    ] as const) {
      const { parsed, grams } = read(line, language);
      expect(parsed.amountReadable, line).toBe(amount);
      expect(grams.from, line).toBe("unknown");
    }
  });

  it("reads headings in the language", () => {
    for (const [line, language] of [
      ["Für den Teig", "de"],
      ["Pour la pâte", "fr"],
      ["Para la salsa", "es"],
      ["Per il ripieno", "it"],
      ["Voor het deeg", "nl"],
      ["Till servering", "sv"],
    ] as const) {
      expect(parseIngredientLine(line, { language }).isHeader, line).toBe(true);
    }
    expect(parseIngredientLine("Zum Bestreuen: Puderzucker", { language: "de" }).isHeader).toBe(false);
  });

  it("finds a table by any spelling of the language's code", () => {
    expect(languageOf("de-AT")?.code).toBe("de");
    expect(languageOf("pt_BR")?.code).toBe("pt");
    expect(languageOf("nb")?.code).toBe("no");
    expect(languageOf("NN")?.code).toBe("no");
    expect(languageOf("pl")).toBeUndefined();
    expect(read("2 EL Olivenöl", "de-CH").grams.grams).toBe(27.4);
  });
});

describe("decimal commas", () => {
  it("are read in every position on a page in a language that writes them", () => {
    expect(parseIngredientLine("1,5 EL Öl", { language: "de" })).toMatchObject({
      quantity: 1.5,
      amountReadable: "1,5 EL",
    });
    expect(parseIngredientLine("0,5 l Milch", { language: "de" }).quantity).toBe(0.5);
    expect(parseIngredientLine("1,5-2 dl fløde", { language: "da" })).toMatchObject({
      quantity: 1.5,
      quantityMax: 2,
      note: "up to 2",
    });
    expect(parseIngredientLine("1,25 kg de farine", { language: "fr" }).quantity).toBe(1.25);
    expect(parseIngredientLine("2,5 dl grädde", { language: "sv" }).quantity).toBe(2.5);
  });

  it("read a dot before three digits as thousands there, and a dot before one or two as a point", () => {
    expect(parseIngredientLine("1.000 g Kartoffeln", { language: "de" }).quantity).toBe(1000);
    expect(parseIngredientLine("1.5 kg Mehl", { language: "de" }).quantity).toBe(1.5);
    expect(parseIngredientLine("1,000 kg Mehl", { language: "de" }).quantity).toBe(1);
  });

  it("keep 1,000 g a thousand in English, and 0,5 l a half", () => {
    expect(parseIngredientLine("1,000 g flour", { language: "en" }).quantity).toBe(1000);
    expect(parseIngredientLine("1,000 g flour").quantity).toBe(1000);
    expect(parseIngredientLine("0,5 l milk", { language: "en" }).quantity).toBe(0.5);
  });

  it("follow the page when the service says so, whatever the language's table", () => {
    expect(parseIngredientLine("1,5 kg Mehl", { language: "pl", decimalComma: true }).quantity).toBe(1.5);
  });
});

describe("a page without a language", () => {
  it("is read in English plus the units every table agrees on, and its foods in every table", () => {
    const { parsed, grams } = read("2 EL Olivenöl", undefined);
    expect(parsed).toMatchObject({ unit: "tablespoon", unitSize: 15 });
    expect(grams).toMatchObject({ grams: 27.4, from: "volume" });
    expect(read("2 dl fløde", undefined).parsed.food?.name).toBe("Heavy cream");
  });

  it("leaves out units the tables disagree on: cc is a teaspoon in French and a millilitre in Spanish", () => {
    const shared = new Set(sharedUnits().map((f) => fold(f.form)));
    expect(shared.has("el")).toBe(true);
    expect(shared.has("stk.")).toBe(true);
    expect(shared.has("msk")).toBe(true);
    expect(shared.has("cc")).toBe(false);
    expect(shared.has("pot")).toBe(false);
    expect(read("1 cc sugar", undefined).grams.from).toBe("unknown");
  });
});

describe("English cases", () => {
  it("takes a can's stated weight, a count of sheets, drops and gm", () => {
    expect(read("1 (14.5 oz) can tomatoes", "en").grams).toMatchObject({ grams: 411.1, from: "given" });
    expect(read("12 whole graham cracker sheets (1 1/2 cups, packed)", "en")).toMatchObject({
      parsed: { quantity: 12, unit: "sheet", note: "1 1/2 cups, packed" },
      grams: { grams: 168, from: "piece" },
    });
    expect(read("2 drops vanilla extract", "en").grams).toMatchObject({ grams: 0.1, from: "volume" });
    expect(read("70 gm butter", "en").grams).toMatchObject({ grams: 70, from: "mass" });
  });

  it("weighs a liquid measure of a food the table lacks as water, and says so", () => {
    const { grams } = read("100 ml elderflower cordial", "en");
    expect(grams).toMatchObject({ grams: 100, from: "volume", estimated: true });
    expect(grams.how).toContain("as water: no density is known for 'elderflower cordial'");
    // Cups and spoons measure solids too: no guess there.
    expect(read("2 tbsp mystery spice", "en").grams.from).toBe("unknown");
  });

  it("puts the water warning in the draft", async () => {
    const draft = await draftFromSource(
      {
        json: {
          "@context": "https://schema.org",
          "@type": "Recipe",
          name: "Cordial",
          inLanguage: "en",
          recipeIngredient: ["100 ml elderflower cordial"],
          recipeInstructions: "Pour.",
        },
        base: undefined,
        field: "json",
        where: "in the JSON-LD",
      },
      undefined,
      async () => [],
    );
    expect(draft.ingredients[0]).toMatchObject({ amount_grams: 100, grams_from: "volume" });
    expect(draft.warnings).toContain(
      "Ingredient 1 ('100 ml elderflower cordial'): 100 ml × 1 g per milliliter (as water: no density is known for 'elderflower cordial') = 100 g, an estimate to check.",
    );
  });
});

describe("the tables", () => {
  const foodNames = new Set(FOODS.map((f) => f.name));

  it("name their sources, and only foods of the built-in table", () => {
    for (const language of Object.values(LANGUAGES)) {
      const file = readFileSync(new URL(`../../../core/words/${language.code}.ts`, import.meta.url), "utf8");
      expect(file, language.code).toMatch(/\* Sources: \S/);
      for (const [names, food] of foodRows(language)) {
        expect(foodNames.has(food), `${language.code}: ${names} → ${food}`).toBe(true);
      }
      // Building the lexicon reads every row: it fails on a unit id or food it does not know.
      expect(() => lexiconOf(language.code), language.code).not.toThrow();
    }
  });

  it("give each language its units of the sizes its cooks use", () => {
    const sizeOf = (code: string, written: string) => lexiconOf(code).sizeOf(written);
    expect(sizeOf("de", "EL")).toBe(15);
    expect(sizeOf("de", "Tasse")).toBe(150);
    expect(sizeOf("fr", "c. à café")).toBe(5);
    expect(sizeOf("es", "taza")).toBe(240);
    expect(sizeOf("it", "bicchiere")).toBe(200);
    expect(sizeOf("sv", "krm")).toBe(1);
    expect(sizeOf("nl", "ons")).toBe(100);
  });

  it("hold a few hundred foods, each with a density or a piece weight and its source", () => {
    expect(FOODS.length).toBeGreaterThanOrEqual(300);
    const names = new Set<string>();
    for (const food of FOODS) {
      expect(names.has(food.name), food.name).toBe(false);
      names.add(food.name);
      expect(
        food.gramsPerMl !== null || food.gramsPerPiece !== null || Object.keys(food.units).length > 0,
        food.name,
      ).toBe(true);
      expect(food.source, food.name).toMatch(/^(USDA|King Arthur|package)/);
    }
  });

  it("list their words without empty entries", () => {
    for (const language of Object.values(LANGUAGES)) {
      for (const list of [language.vague, language.notes, language.descriptive]) {
        expect(
          wordsOf(list).every((w) => w.length > 0),
          language.code,
        ).toBe(true);
      }
    }
  });
});

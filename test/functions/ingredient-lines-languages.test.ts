/**
 * One ingredient across languages (issue 39): POST /ingredient-lines/parse with `lang` reads a line
 * in any of the ten languages and matches the ingredient that already exists under its English name
 * (`200 g Zucker` → Sugar), through the real pipeline and the database's name rule. The table of
 * lines is test/fixtures/page-import/matching-lines.txt.
 */
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { LANGUAGES as LINE_LANGUAGES } from "../../core/languages.ts";
import { api, problem } from "../helpers/api.ts";
import { makeCast, type TestUser } from "../helpers/factories.ts";

type Row = { lang: string; line: string; ingredient: string };

const rows: Row[] = readFileSync(
  new URL("../fixtures/page-import/matching-lines.txt", import.meta.url),
  "utf8",
)
  .split("\n")
  .filter((row) => row.trim() && !row.startsWith("#"))
  .map((row) => {
    const [lang = "", line = "", ingredient = ""] = row.split(" | ").map((cell) => cell.trim());
    return { lang, line, ingredient };
  });

let owner: TestUser;
let admin: TestUser;
/** The ingredient of each English name the table expects: made here, or the one that has the name. */
const ingredients = new Map<string, { id: number; name: string }>();

/** The ingredient called `name` (ignoring case and plural), created when there is none. */
async function ingredientNamed(name: string): Promise<{ id: number; name: string }> {
  const created = await api("POST", "/ingredients/", { token: admin.token, json: { name } });
  if (created.status === 201) return { id: created.body.id, name: created.body.name };
  expect(created.status).toBe(409);
  const existing = await api("GET", `/ingredients/${created.body.existing_id}`);
  return { id: existing.body.id, name: existing.body.name };
}

beforeAll(async () => {
  ({ owner, admin } = await makeCast());
  for (const name of new Set(rows.map((row) => row.ingredient)))
    ingredients.set(name, await ingredientNamed(name));
});

const parse = (json: unknown, user: TestUser = owner) =>
  api("POST", "/ingredient-lines/parse", { token: user.token, json });

describe("the table of lines in the ten languages", () => {
  it("has at least 200 lines, at least fifteen in each language", () => {
    expect(rows.length).toBeGreaterThanOrEqual(200);
    for (const lang of LINE_LANGUAGES)
      expect(rows.filter((row) => row.lang === lang).length, lang).toBeGreaterThanOrEqual(15);
    expect(new Set(rows.map((row) => row.lang))).toEqual(new Set(LINE_LANGUAGES));
  });

  it.each(LINE_LANGUAGES)("matches each %s line to the existing ingredient", async (lang) => {
    const table = rows.filter((row) => row.lang === lang);
    const res = await parse({ lines: table.map((row) => row.line), lang });
    expect(res.status).toBe(200);
    const got = res.body.items.map(
      (item: { text: string; ingredient_id: number | null; ingredient_name: string }) => [
        item.text,
        item.ingredient_id,
        item.ingredient_name,
      ],
    );
    const expected = table.map((row) => {
      const ingredient = ingredients.get(row.ingredient);
      return [row.line, ingredient?.id, ingredient?.name];
    });
    expect(got).toEqual(expected);
  });
});

describe("POST /ingredient-lines/parse with lang", () => {
  it("reads the lines in that language: its units, decimal commas and metric spoons", async () => {
    const res = await parse({ lines: ["1,5 EL Olivenöl", "2 Zwiebel(n), gewürfelt"], lang: "de" });
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual([
      expect.objectContaining({
        amount_readable: "1,5 EL",
        grams_from: "volume",
        ingredient_id: ingredients.get("Olive oil")?.id,
        ingredient_name: ingredients.get("Olive oil")?.name,
        note: null,
      }),
      expect.objectContaining({
        amount_readable: "2",
        grams_from: "piece",
        ingredient_id: ingredients.get("Onion")?.id,
        ingredient_name: ingredients.get("Onion")?.name,
        note: "gewürfelt",
      }),
    ]);
    // 1.5 × 15 ml of olive oil: the EL is 15 ml whatever the page's measures.
    expect(res.body.items[0].amount_grams).toBeCloseTo(1.5 * 15 * 0.9, -1);
  });

  it("reads `1 c.c` and `1 c.c.` in French as a teaspoon, not as a name", async () => {
    const res = await parse({ lines: ["1 c.c sel", "1 c.c. de sel", "2 c.s huile d'olive"], lang: "fr" });
    expect(res.body.items).toEqual([
      expect.objectContaining({
        amount_readable: "1 c.c",
        grams_from: "volume",
        ingredient_name: ingredients.get("Salt")?.name,
      }),
      expect.objectContaining({
        amount_readable: "1 c.c.",
        grams_from: "volume",
        ingredient_name: ingredients.get("Salt")?.name,
      }),
      expect.objectContaining({
        amount_readable: "2 c.s",
        ingredient_name: ingredients.get("Olive oil")?.name,
      }),
    ]);
  });

  it("without lang reads English lines as before and foods of every language", async () => {
    const res = await parse({ lines: ["1 cup sugar", "250 g farine", "2 EL Olivenöl"] });
    expect(res.body.items.map((item: { ingredient_id: number }) => item.ingredient_id)).toEqual([
      ingredients.get("Sugar")?.id,
      ingredients.get("Flour")?.id,
      ingredients.get("Olive oil")?.id,
    ]);
    expect(res.body.items[0]).toMatchObject({
      amount_readable: "1 cup",
      amount_grams: 200,
      grams_from: "volume",
    });
  });

  it("writes the amounts in metric or US measures with units, in lang's words; grams stay", async () => {
    const metric = await parse({
      lines: ["1 cup sugar", "1 tbsp olive oil", "2 eggs"],
      lang: "en",
      units: "metric",
    });
    expect(metric.status).toBe(200);
    // A US cup of sugar weighs; a spoon stays a spoon; pieces stay pieces.
    expect(metric.body.items.map((item: { amount_readable: string }) => item.amount_readable)).toEqual([
      "200 g",
      "1 tbsp",
      "2",
    ]);
    expect(metric.body.items[0]).toMatchObject({
      amount_grams: 200,
      ingredient_id: ingredients.get("Sugar")?.id,
    });
    const us = await parse({ lines: ["250 g Zucker", "2 EL Olivenöl"], lang: "de", units: "us" });
    expect(us.body.items.map((item: { amount_readable: string }) => item.amount_readable)).toEqual([
      "8 3/4 oz",
      "2 EL",
    ]);
    const asWritten = await parse({ lines: ["1 cup sugar"], units: "as_written" });
    expect(asWritten.body.items[0].amount_readable).toBe("1 cup");
    const bad = problem(await parse({ lines: ["1 egg"], units: "imperial" }), 422);
    expect(bad.errors).toContainEqual(
      expect.objectContaining({ path: "units", message: "Must be one of 'as_written', 'metric', 'us'." }),
    );
  });

  it("accepts each of the ten languages", async () => {
    for (const lang of LINE_LANGUAGES)
      expect((await parse({ lines: ["1 egg"], lang })).status, lang).toBe(200);
  });

  it.each([
    ["a language of none of the ten", "xx"],
    ["a region", "de-DE"],
    ["Norwegian as `no` (the API says `nb`)", "no"],
    ["a number", 5],
  ])("refuses %s with 422 naming lang", async (_case, lang) => {
    const body = problem(await parse({ lines: ["1 egg"], lang }), 422);
    expect(body.errors).toContainEqual(
      expect.objectContaining({
        path: "lang",
        message: "Must be one of 'en', 'de', 'fr', 'es', 'it', 'nl', 'pt', 'sv', 'da', 'nb'.",
      }),
    );
  });
});

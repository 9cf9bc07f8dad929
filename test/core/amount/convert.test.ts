/**
 * Amounts in the cook's measures (core/amount/convert.ts; CONTRACT.md "languages and units").
 */
import { describe, expect, it } from "vitest";
import { convertAmount } from "../../../core/amount/convert.ts";
import { languageWords, spoonOf } from "../../../core/amount/languages.ts";
import { measuresOf } from "../../../core/amount/measures.ts";
import { LANGUAGES as LANGS, type Language as Lang } from "../../../core/languages.ts";

const metric = (lang: Lang = "en") => ({ units: "metric", lang }) as const;
const us = (lang: Lang = "en") => ({ units: "us", lang }) as const;
const FLOUR = 125 / 236.588;

describe("convertAmount to metric", () => {
  it.each([
    // weighed: a cup of flour in grams (its own grams), a pound in grams, whatever its grams
    ["1 1/2 cups", 187.5, null, "190 g"],
    ["2 cups", null, FLOUR, "250 g"],
    ["1 lb", 453.6, null, "450 g"],
    ["2 lb", null, null, "910 g"],
    ["3 lb", null, null, "1.35 kg"],
    // liquids: what pours like water in millilitres; a liquid measure always
    ["1 cup", 244, null, "240 ml"],
    ["1 quart", null, null, "950 ml"],
    ["2 cups", null, 1.03, "470 ml"],
    // ranges end by end, notes kept
    ["1-2 cups, sifted", 125, null, "125-250 g, sifted"],
    ["8 oz, grated", null, null, "230 g, grated"],
    // the second measure is dropped: the converted amount says the same
    ["1 cup (240 ml)", 240, null, "240 ml"],
    // already metric, pieces and words: as written
    ["250 g", 250, null, "250 g"],
    ["1.5 l", null, null, "1.5 l"],
    ["2 eggs", 100, null, "2 eggs"],
    ["a pinch", null, null, "a pinch"],
    ["salt to taste", null, null, "salt to taste"],
    // a cup without grams or a density: nothing to weigh it with
    ["2 cups", null, null, "2 cups"],
    ["", null, null, ""],
  ])("%s (%s g, %s g/ml) → %s", (text, grams, gramsPerMl, expected) => {
    expect(convertAmount(text, { grams, gramsPerMl }, metric())).toBe(expected);
  });

  it("writes the language's decimal comma", () => {
    expect(convertAmount("3 lb", { grams: null, gramsPerMl: null }, metric("de"))).toBe("1,35 kg");
  });

  it("converts each of several amounts, without their total grams", () => {
    expect(convertAmount("2 cups + 1 pinch", { grams: 400, gramsPerMl: 1 }, metric())).toBe(
      "470 ml + 1 pinch",
    );
    expect(convertAmount("2 cups + 1 pinch", { grams: 400, gramsPerMl: null }, metric())).toBe(
      "2 cups + 1 pinch",
    );
  });
});

describe("convertAmount to US measures", () => {
  it.each([
    // volumes: cups, spoons, kitchen fractions
    ["60 ml", null, null, "1/4 cup"],
    ["360 ml", 360, null, "1 1/2 cups"],
    ["15 ml", null, null, "1 tbsp"],
    ["5 ml", null, null, "1 tsp"],
    ["1 l", null, null, "4 1/4 cups"],
    // grams of what has a density: by volume
    ["250 g", 250, FLOUR, "2 cups"],
    ["125-250 g, sifted", 125, FLOUR, "1-2 cups, sifted"],
    // grams of what has none (meat, cheese): ounces and pounds
    ["500 g", 500, null, "18 oz"],
    ["1 kg", null, null, "2 1/4 lb"],
    ["225 g, grated", 225, null, "8 oz, grated"],
    // already US, pieces and words: as written
    ["1 1/2 cups", 187.5, FLOUR, "1 1/2 cups"],
    ["3 large onions", null, null, "3 large onions"],
    ["a pinch", null, null, "a pinch"],
  ])("%s (%s g, %s g/ml) → %s", (text, grams, gramsPerMl, expected) => {
    expect(convertAmount(text, { grams, gramsPerMl }, us())).toBe(expected);
  });

  it("writes the spoons of a converted volume in the language's words", () => {
    expect(convertAmount("15 ml", { grams: null, gramsPerMl: null }, us("de"))).toBe("1 EL");
    expect(convertAmount("30 ml", { grams: null, gramsPerMl: null }, us("es"))).toBe("2 cucharadas");
  });
});

describe("spoons stay spoons, in the language's word", () => {
  const words: Record<Lang, [string, string]> = {
    en: ["1 tbsp", "2 tsp"],
    de: ["1 EL", "2 TL"],
    fr: ["1 c. à soupe", "2 c. à café"],
    es: ["1 cucharada", "2 cucharaditas"],
    it: ["1 cucchiaio", "2 cucchiaini"],
    nl: ["1 eetlepel", "2 theelepels"],
    pt: ["1 colher de sopa", "2 colheres de chá"],
    sv: ["1 msk", "2 tsk"],
    da: ["1 spsk", "2 tsk"],
    nb: ["1 ss", "2 ts"],
  };
  it.each(LANGS.map((lang) => [lang]))("%s", (lang) => {
    const none = { grams: null, gramsPerMl: null };
    expect([
      convertAmount("1 tbsp", { grams: 15, gramsPerMl: null }, metric(lang)),
      convertAmount("2 tsp", none, metric(lang)),
    ]).toEqual(words[lang]);
    // In US measures too, and from any language's spoon.
    expect(convertAmount("1 EL", none, us(lang))).toBe(words[lang][0]);
    expect(convertAmount("2 cucharaditas", none, metric(lang))).toBe(words[lang][1]);
  });

  it("keeps a teaspoon's eighth, a range, a size and a note", () => {
    const none = { grams: null, gramsPerMl: null };
    expect(convertAmount("1/8 tsp", none, metric("de"))).toBe("1/8 TL");
    expect(convertAmount("1-2 tbsp, melted", none, metric("fr"))).toBe("1-2 c. à soupe, melted");
    expect(convertAmount("1 1/2 EL", none, metric("es"))).toBe("1 1/2 cucharadas");
    expect(convertAmount("1 heaped tbsp", none, metric("en"))).toBe("1 heaped tbsp");
  });

  it("knows every language's spoons, and only for sure", () => {
    expect(spoonOf("Esslöffel")).toBe("tbsp");
    expect(spoonOf("c. à café")).toBe("tsp");
    expect(spoonOf("colheres de sopa")).toBe("tbsp");
    expect(spoonOf("Prise")).toBeUndefined();
    expect(languageWords("fr").decimalComma).toBe(true);
  });
});

describe("what is counted and 'to taste' stay what they are, in the language's words", () => {
  const none = { grams: null, gramsPerMl: null };
  // a pinch, 2 pinches, a handful, 3 drops, 2 dashes, to taste (from English)
  const words: Record<Lang, string[]> = {
    en: ["a pinch", "2 pinches", "a handful", "3 drops", "2 dashes", "to taste"],
    de: ["1 Prise", "2 Prisen", "1 Handvoll", "3 Tropfen", "2 Spritzer", "nach Geschmack"],
    fr: ["1 pincée", "2 pincées", "1 poignée", "3 gouttes", "2 traits", "selon le goût"],
    es: ["1 pizca", "2 pizcas", "1 puñado", "3 gotas", "2 chorros", "al gusto"],
    it: ["1 pizzico", "2 pizzichi", "1 manciata", "3 gocce", "2 spruzzi", "q.b."],
    nl: ["1 snufje", "2 snufjes", "1 handje", "3 druppels", "2 scheutjes", "naar smaak"],
    pt: ["1 pitada", "2 pitadas", "1 punhado", "3 gotas", "2 pingos", "a gosto"],
    sv: ["1 nypa", "2 nypor", "1 näve", "3 droppar", "2 stänk", "efter smak"],
    da: ["1 knsp", "2 knsp", "1 håndfuld", "3 dråber", "2 stænk", "efter smag"],
    nb: ["1 klype", "2 klyper", "1 neve", "3 dråper", "2 skvett", "etter smak"],
  };
  it.each(LANGS.map((lang) => [lang]))("%s", (lang) => {
    const written = ["a pinch", "2 pinches", "a handful", "3 drops", "2 dashes", "to taste"];
    expect(written.map((text) => convertAmount(text, none, metric(lang)))).toEqual(words[lang]);
    expect(written.map((text) => convertAmount(text, none, us(lang)))).toEqual(words[lang]);
  });

  // 3 cloves, minced, 2 cans, a slice, 1 bunch (from English)
  const counted: Record<Lang, string[]> = {
    en: ["3 cloves, minced", "2 cans", "a slice", "1 bunch"],
    de: ["3 Zehen, minced", "2 Dosen", "1 Scheibe", "1 Bund"],
    fr: ["3 gousses, minced", "2 boîtes", "1 tranche", "1 botte"],
    es: ["3 dientes, minced", "2 latas", "1 rebanada", "1 manojo"],
    it: ["3 spicchi, minced", "2 scatole", "1 fetta", "1 mazzetto"],
    nl: ["3 tenen, minced", "2 blikken", "1 plak", "1 bos"],
    pt: ["3 dentes, minced", "2 latas", "1 fatia", "1 maço"],
    sv: ["3 klyftor, minced", "2 burkar", "1 skiva", "1 knippe"],
    da: ["3 fed, minced", "2 dåser", "1 skive", "1 bundt"],
    nb: ["3 fedd, minced", "2 bokser", "1 skive", "1 bunt"],
  };
  it.each(LANGS.map((lang) => [lang]))("%s: cloves, cans, slices, bunches", (lang) => {
    const written = ["3 cloves, minced", "2 cans", "a slice", "1 bunch"];
    expect(written.map((text) => convertAmount(text, none, metric(lang)))).toEqual(counted[lang]);
  });

  it("reads them in any language, keeps one already in the language's words, and keeps a note", () => {
    expect(convertAmount("eine Prise", none, metric("en"))).toBe("1 pinch");
    expect(convertAmount("2 Prisen", none, us("fr"))).toBe("2 pincées");
    expect(convertAmount("nach Geschmack", none, metric("sv"))).toBe("efter smak");
    expect(convertAmount("eine Prise", none, metric("de"))).toBe("eine Prise");
    expect(convertAmount("1 Msp.", none, metric("de"))).toBe("1 Msp.");
    expect(convertAmount("a pinch, heaped", none, metric("es"))).toBe("1 pizca, heaped");
    expect(convertAmount("1 cup + 1 pinch", none, metric("de"))).toBe("1 cup + 1 Prise");
    expect(convertAmount("a few", none, metric("de"))).toBe("a few"); // not a measure: as written
    expect(convertAmount("2 eggs", none, metric("de"))).toBe("2 eggs"); // a food, not a unit
    expect(convertAmount("1 (14 oz) can", none, metric("fr"))).toBe("1 (14 oz) can"); // a sized package
    expect(convertAmount("3 Zehen", none, us("en"))).toBe("3 cloves");
  });
});

describe("measuresOf", () => {
  it("converts only when units ask for it; lang alone changes nothing", () => {
    expect(measuresOf({})).toBeUndefined();
    expect(measuresOf({ lang: "de" })).toBeUndefined();
    expect(measuresOf({ units: "as_written", lang: "de" })).toBeUndefined();
    expect(measuresOf({ units: "metric" })).toEqual({ units: "metric", lang: "en" });
    expect(measuresOf({ units: "us", lang: "fr" })).toEqual({ units: "us", lang: "fr" });
  });
});

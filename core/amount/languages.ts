/**
 * The languages amounts are written in (CONTRACT.md: "languages and units"): `en de fr es it nl pt sv
 * da nb`, and what each writes differently: its spoons (`1 EL`, `1 c. à soupe`, `1 msk`), its small
 * counted units (`1 Prise`, `3 gousses`, `1 nypa`), its "to taste" and its decimal comma (`1,5 kg`).
 * The words are those of the page import's table of the language (core/words/<code>.ts, one table of
 * words per language): a language's tablespoon is the first form of its 15 ml row, its teaspoon the
 * first of its 5 ml row, a counted unit the first form of the first row that names it. Pure data.
 */

import type { Language as Lang } from "../languages.ts";
import { da } from "../words/da.ts";
import { de } from "../words/de.ts";
import { es } from "../words/es.ts";
import { fr } from "../words/fr.ts";
import { it } from "../words/it.ts";
import { nl } from "../words/nl.ts";
import { no } from "../words/no.ts";
import { pt } from "../words/pt.ts";
import { sv } from "../words/sv.ts";
import type { Language } from "../words/types.ts";
import { fold, unitForms, wordsOf } from "../words/words.ts";
import { pluralOf } from "./plural.ts";

/** A spoon's word, singular and plural (`cucharada`, `cucharadas`; `EL`, `EL`). */
export type Word = readonly [one: string, many: string];
export type Spoon = "tbsp" | "tsp";
/**
 * What is counted rather than measured (a pinch, a clove, a can): it stays what it is in every
 * language, in that language's word. The ids of the tables' rows.
 */
export const COUNTED_UNITS = [
  "pinch",
  "dash",
  "handful",
  "drop",
  "clove",
  "slice",
  "piece",
  "package",
  "packet",
  "can",
  "jar",
  "tub",
  "bunch",
  "sprig",
  "stalk",
  "leaf",
  "head",
  "cube",
] as const;
export type CountedUnit = (typeof COUNTED_UNITS)[number];

/**
 * "To taste" as each language's recipes write it (the first of the "to taste" notes in the
 * language's table, core/words/<code>.ts; French's `selon le goût` rather than `à volonté`, which
 * means "as much as you like").
 */
const TO_TASTE: Readonly<Record<Lang, string>> = {
  en: "to taste",
  de: "nach Geschmack",
  fr: "selon le goût",
  es: "al gusto",
  it: "q.b.",
  nl: "naar smaak",
  pt: "a gosto",
  sv: "efter smak",
  da: "efter smag",
  nb: "etter smak",
};

const TABLES: Readonly<Record<Exclude<Lang, "en">, Language>> = { de, fr, es, it, nl, pt, sv, da, nb: no };

/** The size in ml of a tablespoon and a teaspoon: the rows of a table that name them. */
const SPOON_ML: Readonly<Record<Spoon, [unit: string, ml: number]>> = {
  tbsp: ["tablespoon", 15],
  tsp: ["teaspoon", 5],
};

/** `Prise/Prisen` → [`Prise`, `Prisen`]; a form without a plural is both. */
const wordOf = (form: string): Word => {
  const [one = form, many = one] = form.split("/");
  return [one, many];
};

/** The first form of a language's spoon row, as [singular, plural]. */
function spoonWord(language: Language, spoon: Spoon): Word {
  const [unit, ml] = SPOON_ML[spoon];
  const row = language.units.find(([, id, size]) => id === unit && size === ml);
  return wordOf(row ? (wordsOf(row[0])[0] ?? spoon) : spoon);
}

/** The first form of a counted unit's first row in a language's table, if it has one. */
function countedWord(language: Language, unit: CountedUnit): Word | undefined {
  const row = language.units.find(([, id]) => id === unit);
  const first = row && wordsOf(row[0])[0];
  return first ? wordOf(first) : undefined;
}

/** What a language writes differently from English. */
export type LanguageWords = {
  spoons: Readonly<Record<Spoon, Word>>;
  /** Only the units the language's table names (Danish has no word for a jar). */
  counted: Readonly<Partial<Record<CountedUnit, Word>>>;
  toTaste: string;
  decimalComma: boolean;
};

/** English's counted units: the ids, in the plural by English's rule (`leaf` → `leaves`). */
const ENGLISH_COUNTED = Object.fromEntries(
  COUNTED_UNITS.map((unit) => [unit, [unit, pluralOf(unit)] as Word]),
) as Readonly<Record<CountedUnit, Word>>;

const ENGLISH: LanguageWords = {
  spoons: { tbsp: ["tbsp", "tbsp"], tsp: ["tsp", "tsp"] },
  counted: ENGLISH_COUNTED,
  toTaste: TO_TASTE.en,
  decimalComma: false,
};

/** The words of `lang`. */
export function languageWords(lang: Lang): LanguageWords {
  if (lang === "en") return ENGLISH;
  const table = TABLES[lang];
  const counted = COUNTED_UNITS.flatMap((unit) => {
    const word = countedWord(table, unit);
    return word ? [[unit, word] as const] : [];
  });
  return {
    spoons: { tbsp: spoonWord(table, "tbsp"), tsp: spoonWord(table, "tsp") },
    counted: Object.fromEntries(counted),
    toTaste: TO_TASTE[lang],
    decimalComma: table.decimalComma,
  };
}

/**
 * Every written form of a counted unit, folded, → the unit and the languages that write it
 * (`prisen` → pinch in de; `cloves` → clove in en); a form that names two units (in two languages)
 * is left out, as it says neither for sure.
 */
const COUNTED_FORMS: ReadonlyMap<string, { unit: CountedUnit; languages: Set<Lang> }> = (() => {
  const found = new Map<string, { unit: CountedUnit; languages: Set<Lang> } | null>();
  const add = (form: string, unit: CountedUnit, lang: Lang) => {
    const key = fold(form);
    const known = found.get(key);
    if (known === null || (known && known.unit !== unit)) return found.set(key, null);
    found.set(key, { unit, languages: new Set([...(known?.languages ?? []), lang]) });
  };
  for (const unit of COUNTED_UNITS) {
    for (const form of ENGLISH_COUNTED[unit]) add(form, unit, "en");
    for (const [lang, table] of Object.entries(TABLES) as [Exclude<Lang, "en">, Language][]) {
      for (const row of table.units.filter(([, id]) => id === unit))
        for (const { form } of unitForms(row)) add(form, unit, lang);
    }
  }
  return new Map(
    [...found].filter(
      (entry): entry is [string, { unit: CountedUnit; languages: Set<Lang> }] => entry[1] !== null,
    ),
  );
})();

/** Which counted unit a word of any of the languages is (`Prisen` → pinch), and the languages that write it. */
export const countedUnitOf = (word: string) => COUNTED_FORMS.get(fold(word.trim()));

/** The words for "one" before a measure in the ten languages (`a pinch`, `eine Prise`, `une pincée`). */
export const ONE_WORDS = new Set("a an one ein eine einen un une una uno um uma een en ett et ei".split(" "));

/** Which language's "to taste" a text is (`nach Geschmack` → de), if it is one. */
export const toTasteLanguage = (text: string): Lang | undefined =>
  (Object.keys(TO_TASTE) as Lang[]).find((lang) => fold(TO_TASTE[lang]) === fold(text.trim()));

/**
 * Every written form of a 15 ml or 5 ml spoon in the tables (`EL`, `Esslöffel`, `c. à soupe`, `msk`),
 * folded, → which spoon; a form that names a tablespoon in one table and a teaspoon in another is
 * left out (it says neither for sure).
 */
const SPOON_FORMS: ReadonlyMap<string, Spoon> = (() => {
  const found = new Map<string, Spoon | null>();
  for (const table of Object.values(TABLES)) {
    for (const spoon of ["tbsp", "tsp"] as const) {
      const [unit, ml] = SPOON_ML[spoon];
      for (const row of table.units.filter(([, id, size]) => id === unit && size === ml)) {
        for (const { form } of unitForms(row)) {
          const key = fold(form);
          const before = found.get(key);
          found.set(key, before === undefined || before === spoon ? spoon : null);
        }
      }
    }
  }
  return new Map([...found].filter((entry): entry is [string, Spoon] => entry[1] !== null));
})();

/** Which spoon a word of any of the languages is (`EL` → tbsp, `cucharaditas` → tsp), if it is one. */
export const spoonOf = (word: string): Spoon | undefined => SPOON_FORMS.get(fold(word.trim()));

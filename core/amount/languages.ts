/**
 * The languages amounts are written in (CONTRACT.md: "languages and units"): `en de fr es it nl pt sv
 * da nb`, and what each writes differently: its spoons (`1 EL`, `1 c. à soupe`, `1 msk`) and its
 * decimal comma (`1,5 kg`). The words are those of the page import's table of the language
 * (core/words/<code>.ts, one table of words per language): a language's tablespoon
 * is the first form of its 15 ml row, its teaspoon the first of its 5 ml row. Pure data.
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

/** A spoon's word, singular and plural (`cucharada`, `cucharadas`; `EL`, `EL`). */
export type Word = readonly [one: string, many: string];
export type Spoon = "tbsp" | "tsp";

const TABLES: Readonly<Record<Exclude<Lang, "en">, Language>> = { de, fr, es, it, nl, pt, sv, da, nb: no };

/** The size in ml of a tablespoon and a teaspoon: the rows of a table that name them. */
const SPOON_ML: Readonly<Record<Spoon, [unit: string, ml: number]>> = {
  tbsp: ["tablespoon", 15],
  tsp: ["teaspoon", 5],
};

/** The first form of a language's spoon row, as [singular, plural]. */
function spoonWord(language: Language, spoon: Spoon): Word {
  const [unit, ml] = SPOON_ML[spoon];
  const row = language.units.find(([, id, size]) => id === unit && size === ml);
  const first = row ? (wordsOf(row[0])[0] ?? spoon) : spoon;
  const [one = spoon, many = one] = first.split("/");
  return [one, many];
}

/** What a language writes differently from English. */
export type LanguageWords = { spoons: Readonly<Record<Spoon, Word>>; decimalComma: boolean };

const ENGLISH: LanguageWords = {
  spoons: { tbsp: ["tbsp", "tbsp"], tsp: ["tsp", "tsp"] },
  decimalComma: false,
};

/** The words of `lang`. */
export function languageWords(lang: Lang): LanguageWords {
  if (lang === "en") return ENGLISH;
  const table = TABLES[lang];
  return {
    spoons: { tbsp: spoonWord(table, "tbsp"), tsp: spoonWord(table, "tsp") },
    decimalComma: table.decimalComma,
  };
}

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

/**
 * A language's table (./<code>.ts) made ready for reading lines: the units for parse-ingredient,
 * matchers for the phrases at a line's start (number words, vague amounts, `ca.`) and end (`nach
 * Geschmack`), the descriptive words with the language's inflections, and its foods. Built on first
 * use of a language and kept: a page reads every line in one language.
 *
 * A lexicon reads English too (its units, notes and descriptive words appear on pages in any
 * language); a line whose language is unknown is read in English plus the units all the tables agree
 * on, and its food is looked for in every table.
 */
import { escapeRegex, type UnitOfMeasureDefinitions } from "parse-ingredient";
import { FOOD_NAMES } from "../words/foods.ts";
import { en, FOREIGN, type Language, languageOf, sharedUnits } from "../words/index.ts";
import type { FoodRow } from "../words/types.ts";
import { BASE_UNITS, unitDefinitions } from "../words/units.ts";
import { fold, foldInPlace, joined, type UnitForm, unitForms, wordsOf } from "../words/words.ts";
import { FOODS, type Food } from "./foods.ts";
import { findFood as findEnglishFood, foodNamed } from "./text.ts";

export type Lexicon = {
  /** The language's table, or undefined when the language is unknown. */
  language: Language | undefined;
  /** English rules apply (cookbook `T` and `t`, `juice of`): an English page or an unknown one. */
  english: boolean;
  /** parse-ingredient's unit definitions for this language: the same object on every call. */
  units: UnitOfMeasureDefinitions;
  /** The size a unit as written fixes (`EL` → 15 ml, `Tasse` → 150 ml), or undefined. */
  sizeOf(written: string): number | undefined;
  /** The unit id of one written unit word (`Zweige` → `sprig`), or undefined. */
  unitOf(written: string): string | undefined;
  /** The line with every unit of several words joined into one (`c. à soupe` → `c._à_soupe`). */
  joinUnits(text: string): string;
  /** A number written as words at the start (`eine halbe` → 0.5), with its length. */
  numberAt(text: string): { value: number; length: number } | undefined;
  /** An amount without a number at the start (`eine Prise`, `a few`): its length, and with `of` after it. */
  vagueAt(text: string): { amount: string; length: number } | undefined;
  /** `ca.`, `about` at the start: its length with the space after it, else 0. */
  aboutAt(text: string): number;
  /** `de`, `d'`, `of` at the start of a food's name: its length with the space after it, else 0. */
  ofAt(text: string): number;
  /** A phrase that ends the line and is its note (`nach Geschmack`, `q.b.`): where it starts. */
  noteAtEnd(text: string): { at: number; note: string } | undefined;
  /** Words that make a weight in parentheses each piece's (`à`, `je`, `each`) are among these. */
  saysEach(words: string): boolean;
  ranges: string[];
  headers: string[];
  isDescriptive(word: string): boolean;
  /** `und`, `and`: a word that joins two descriptive words. */
  isAnd(word: string): boolean;
  /** The built-in food a name means, with the package weights of the language. */
  findFood(name: string): Food | undefined;
  /**
   * The built-in food an existing ingredient is matched by (../service.ts): in a language of the
   * tables, what its table names (the longest name listed, `Olivenöl`, `pimienta negra`; the end of
   * a compound, `vetemjöl`); in English only a food whose whole name it is, descriptive words aside
   * (`large eggs` is an Egg, `red onion` no Onion: the English table names the foods people keep
   * apart, the other tables name each food once).
   */
  namedFood(name: string): Food | undefined;
};

/** The spellings a phrase is matched by: folded in place (positions kept), and fully (`ß` as `ss`). */
const spellings = (phrase: string) => [...new Set([foldInPlace(phrase), fold(phrase)])];

/**
 * An alternation of phrases, longest first, matched on text folded in place. A phrase ending in a
 * letter or digit must end a word there (`un` is not the start of `une`); the phrases ending in a
 * stop or an apostrophe (`ca.`, `d'`) are tried first, so that `ca.` is not read as `ca`.
 */
function alternation(phrases: readonly string[]): string {
  const all = [...new Set(phrases.flatMap(spellings))].sort((a, b) => b.length - a.length);
  const words = all.filter((p) => /[\p{L}\p{N}]$/u.test(p)).map(escapeRegex);
  const others = all.filter((p) => !/[\p{L}\p{N}]$/u.test(p)).map(escapeRegex);
  const groups = [
    ...(others.length ? [others.join("|")] : []),
    ...(words.length ? [`(?:${words.join("|")})(?![\\p{L}\\p{N}])`] : []),
  ];
  return groups.length ? `(?:${groups.join("|")})` : "(?!)";
}

/** A phrase at the very start of a text: its length as written, or 0. */
function starter(phrases: readonly string[], after = ""): (text: string) => number {
  const regex = new RegExp(`^${alternation(phrases)}${after}`, "u");
  return (text) => regex.exec(foldInPlace(text))?.[0].length ?? 0;
}

/**
 * Words read back to a known word by a language's inflections (`Tomaten` → `tomate`, `picadas` →
 * `picado`), the first that gives one; else the word as it is.
 */
function normaliser(known: ReadonlySet<string>, inflections: Language["inflections"]) {
  return (word: string): string => {
    for (const [lemma, inflected] of inflections) {
      if (!word.endsWith(inflected) || word.length - inflected.length < 2) continue;
      const candidate = word.slice(0, word.length - inflected.length) + lemma;
      if (known.has(candidate)) return candidate;
    }
    return word;
  };
}

/**
 * The words of a name for lookups: folded, split at spaces, hyphens and punctuation (not `d'`), each
 * from its first letter or digit to its last.
 */
const wordsOfName = (name: string) => fold(name).match(/[\p{L}\p{N}](?:[\p{L}\p{N}']*[\p{L}\p{N}])?/gu) ?? [];

const FOOD_BY_NAME = new Map(FOODS.map((food) => [food.name, food]));

/** The foods of ./foods.ts by language: `de` → its rows. */
let rowsByLanguage: Map<string, FoodRow[]> | undefined;

/** The rows of ./foods.ts that name a food in `language` (`Baking powder; de {package 15} Backpulver`). */
export function foodRows(language: Language): FoodRow[] {
  if (!rowsByLanguage) {
    rowsByLanguage = new Map();
    for (const line of FOOD_NAMES.split("\n").filter((l) => l.trim())) {
      const [food = "", ...names] = line.split(";").map((part) => part.trim());
      for (const entry of names) {
        const row = /^(\w+)\s+(?:\{([^}]*)\}\s*)?(.+)$/.exec(entry);
        if (!row?.[1] || !row[3])
          throw new Error(`core/words/foods.ts has a line it cannot read: '${line}'.`);
        const units = row[2]?.split(",").map((unit) => unit.trim().split(/\s+/));
        const weights = units && Object.fromEntries(units.map(([id = "", grams]) => [id, Number(grams)]));
        const rows = rowsByLanguage.get(row[1]) ?? [];
        rows.push(weights ? [row[3], food, weights] : [row[3], food]);
        rowsByLanguage.set(row[1], rows);
      }
    }
  }
  return rowsByLanguage.get(language.code) ?? [];
}

/** The most words of a line's name a food is looked for in. */
const MAX_NAME_WORDS = 16;

/** A language's own food names → the built-in foods, read with its inflections and compounds. */
function foodFinder(language: Language, descriptive: ReturnType<typeof descriptiveTest>) {
  const rows = foodRows(language);
  const vocabulary = new Set<string>();
  for (const [names] of rows)
    for (const name of wordsOf(names)) for (const w of wordsOfName(name)) vocabulary.add(w);
  const norm = normaliser(vocabulary, language.inflections);
  const index = new Map<string, Food>();
  // Each name as written, and read back by the inflections (`tomates` → `tomate`); as written wins
  // over any name read back (`pimienta` is pepper, not a `pimiento`).
  const keys = (words: string[]) => [words.join(" "), words.map(norm).join(" ")];
  const named: [string[], Food][] = rows.flatMap(([names, english, units]) => {
    const food = FOOD_BY_NAME.get(english);
    if (!food) throw new Error(`The ${language.code} table names '${english}', which foods.ts lacks.`);
    const withUnits = units ? { ...food, units: { ...food.units, ...units } } : food;
    return wordsOf(names).map((name): [string[], Food] => [wordsOfName(name), withUnits]);
  });
  for (const pass of [0, 1])
    for (const [words, food] of named) {
      const key = keys(words)[pass] ?? "";
      if (!index.has(key)) index.set(key, food);
    }
  // The most words of a name, and the most letters of a one-word name with an inflection's ending:
  // no longer part of a line can be a food, so a line of 250 words costs no more than one of 5.
  const longest = Math.max(...named.map(([words]) => words.length));
  const longestWord =
    Math.max(...[...index.keys()].filter((k) => !k.includes(" ")).map((k) => k.length)) +
    Math.max(...language.inflections.map(([, inflected]) => inflected.length), 0);
  /** The whole name, then ever shorter starts (a head-first language) or ends of it. */
  const byParts = (words: string[]): Food | undefined => {
    for (let size = Math.min(words.length, longest); size > 0; size -= 1) {
      const part = language.headFirst ? words.slice(0, size) : words.slice(words.length - size);
      for (const key of keys(part)) {
        const food = index.get(key);
        if (food) return food;
      }
    }
    return undefined;
  };
  /** `Weizenmehl` is a `Mehl`, `Vollmilch` a `Milch`: the longest known end of one compound word. */
  const byCompound = (word: string): Food | undefined => {
    for (let at = Math.max(3, word.length - longestWord); at <= word.length - 2; at += 1) {
      const food = index.get(word.slice(at)) ?? index.get(norm(word.slice(at)));
      if (food) return food;
    }
    return undefined;
  };
  /** The food of a name's words (wordsOfName: read once for every language a line is tried in). */
  return (all: string[]): Food | undefined => {
    // The end of the name that names the food (its start in a head-first language), no more of it:
    // a food is a few words, with some descriptive ones among them.
    const words = language.headFirst ? all.slice(0, MAX_NAME_WORDS) : all.slice(-MAX_NAME_WORDS);
    const plain = words.filter((w) => !descriptive(w, true));
    const found = byParts(words) ?? (plain.length ? byParts(plain) : undefined);
    if (found || !language.compounds) return found;
    const last = plain.at(-1) ?? words.at(-1);
    return last ? byCompound(last) : undefined;
  };
}

/** The food finders of the languages, built on first use (a line of an unknown language uses all). */
const finders = new Map<Language, ReturnType<typeof foodFinder>>();
function foodsOf(language: Language): ReturnType<typeof foodFinder> {
  let finder = finders.get(language);
  if (!finder) {
    finder = foodFinder(language, descriptiveTest(language));
    finders.set(language, finder);
  }
  return finder;
}

/**
 * The language's descriptive words (and English's), read with its inflections; `folded`: the word
 * is folded already, without punctuation (wordsOfName's).
 */
function descriptiveTest(language: Language): (word: string, folded?: boolean) => boolean {
  const words = new Set([...wordsOf(en.descriptive), ...wordsOf(language.descriptive)].map(fold));
  const lemma = normaliser(words, language.inflections);
  return (word, folded = false) => {
    const w = folded ? word : fold(word).replace(/[.,;:]+$/, "");
    return words.has(w) || words.has(lemma(w));
  };
}

function build(language: Language | undefined): Lexicon {
  const tables = language && language !== en ? [en, language] : [en];
  const own = language ?? en;
  const forms: UnitForm[] = [
    ...en.units.flatMap(unitForms),
    ...(language ? (language === en ? [] : language.units.flatMap(unitForms)) : sharedUnits()),
  ];
  const sizes = new Map<string, number | undefined>();
  for (const { form, size } of forms) sizes.set(fold(joined(form)), size);
  const unitIds = new Map<string, string>();
  const units = unitDefinitions(forms);
  for (const [id, unit] of Object.entries({ ...BASE_UNITS, ...units }))
    for (const written of [id, unit.short, unit.plural, ...(unit.alternates ?? [])])
      if (written) unitIds.set(fold(written), id);
  const several = forms.map((f) => f.form).filter((form) => /\s/.test(form));
  const joinRegex = several.length
    ? new RegExp(`(?<=^|[\\s\\d½¼¾⅓⅔⅛])${alternation(several)}`, "gu")
    : undefined;

  const list = (field: "notes" | "about" | "each" | "ranges" | "headers" | "descriptive" | "and") =>
    tables.flatMap((t) => wordsOf(t[field]));
  // Number words are the page's own: `a` is a number in English and a preposition in Spanish.
  const numbers = new Map<string, number>();
  for (const [words, value] of own.numbers)
    for (const w of wordsOf(words)) for (const s of spellings(w)) numbers.set(s, value);
  const numberRegex = new RegExp(`^${alternation([...numbers.keys()])}(?=\\s+[\\p{L}\\d])`, "u");
  const ones = own.numbers.filter(([, value]) => value === 1).flatMap(([words]) => wordsOf(words));
  const ofWords = wordsOf(own.of);
  const vagueRegex = new RegExp(
    `^(?:${alternation(ones)}\\s+)?${alternation(wordsOf(own.vague))}(?:,?\\s+${alternation(ofWords)})?(?=[\\s,]|$)(?![\\s,]*[\\d½¼¾⅓⅔⅛])`,
    "u",
  );
  const ofAt = (() => {
    const elided = ofWords.filter((w) => /['’]$/.test(w));
    const whole = ofWords.filter((w) => !/['’]$/.test(w));
    const regex = new RegExp(`^(?:${alternation(whole)}\\s+|${alternation(elided)}\\s*)`, "u");
    return (text: string) => regex.exec(foldInPlace(text))?.[0].length ?? 0;
  })();
  const noteRegex = new RegExp(`(?:^|[\\s,(])(${alternation(list("notes"))})\\s*\\.?\\s*$`, "u");

  const isDescriptive = descriptiveTest(own);
  const andWords = new Set(list("and").map(fold));
  const eachRegex = new RegExp(`(?:^|\\s)${alternation(list("each"))}`, "u");
  const ownFood = language && language !== en ? foodsOf(language) : undefined;
  /**
   * A name's food: the language's own table first, then `english` (the English table's rule); a
   * line of an unknown language tries English, then every other table.
   */
  const foodIn = (name: string, english: (name: string) => Food | undefined): Food | undefined => {
    if (ownFood) return ownFood(wordsOfName(name)) ?? english(name);
    const found = english(name);
    if (found || language) return found;
    const words = wordsOfName(name);
    for (const other of FOREIGN) {
      const food = foodsOf(other)(words);
      if (food) return food;
    }
    return undefined;
  };

  return {
    language,
    english: !language || language === en,
    units,
    sizeOf: (written) => sizes.get(fold(joined(written))),
    unitOf: (written) => unitIds.get(fold(written)),
    joinUnits(text) {
      if (!joinRegex) return text;
      let out = text;
      for (const match of foldInPlace(text).matchAll(joinRegex)) {
        const end = match.index + match[0].length;
        out = out.slice(0, match.index) + joined(out.slice(match.index, end)) + out.slice(end);
      }
      return out;
    },
    numberAt(text) {
      const match = numberRegex.exec(foldInPlace(text));
      const value = match ? numbers.get(match[0]) : undefined;
      return match && value !== undefined ? { value, length: match[0].length } : undefined;
    },
    vagueAt(text) {
      const match = vagueRegex.exec(foldInPlace(text));
      if (!match) return undefined;
      const of = new RegExp(`,?\\s+${alternation(ofWords)}$`, "u").exec(match[0]);
      const amount = text.slice(0, of ? of.index : match[0].length).replace(/,$/, "");
      return { amount, length: match[0].length };
    },
    aboutAt: starter(list("about"), "\\s*"),
    ofAt,
    noteAtEnd(text) {
      const match = noteRegex.exec(foldInPlace(text));
      if (!match?.[1]) return undefined;
      const at = match.index + match[0].indexOf(match[1]);
      return { at, note: text.slice(at).trim() };
    },
    saysEach: (words) => eachRegex.test(foldInPlace(` ${words}`)),
    ranges: list("ranges"),
    headers: list("headers"),
    isDescriptive,
    isAnd: (word) => andWords.has(fold(word)),
    namedFood: (name) => foodIn(name, foodNamed),
    findFood: (name) => foodIn(name, findEnglishFood),
  };
}

/** Every food's names in every language of the tables, by its English name: built on first use. */
let namesByFood: Map<string, string[]> | undefined;

/**
 * A built-in food's names in English (its name and aliases) and in every language of the tables
 * (`Sugar`: `Zucker`, `sucre`, `azúcar`…): an existing ingredient called any of them is that food.
 */
export function foodNames(food: Food): string[] {
  if (!namesByFood) {
    const all = new Map(FOODS.map((f) => [f.name, [f.name, ...f.aliases]]));
    for (const language of FOREIGN)
      for (const [names, english] of foodRows(language)) all.get(english)?.push(...wordsOf(names));
    namesByFood = all;
  }
  return namesByFood.get(food.name) ?? [food.name, ...food.aliases];
}

const lexicons = new Map<string, Lexicon>();

/**
 * The lexicon of a language code (`de`, `pt-BR`, or undefined). Every language falls back to the
 * built-in foods' English names (`Mozzarella`, `Pesto`).
 */
export function lexiconOf(code: string | undefined): Lexicon {
  const language = languageOf(code);
  const key = language?.code ?? "";
  let lexicon = lexicons.get(key);
  if (!lexicon) {
    lexicon = build(language);
    lexicons.set(key, lexicon);
  }
  return lexicon;
}

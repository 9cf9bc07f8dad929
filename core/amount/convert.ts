/**
 * An amount as written, in the cook's measures (CONTRACT.md: "languages and units"): `metric` or
 * `us`, in a language's words. Read by ./read.ts, written by ./write.ts by its rules (numbers, kitchen
 * fractions, rounding): this module only says which measure an amount goes into. Pure functions.
 *
 * Which measure:
 * - Spoons stay spoons, counted as written, in the language's word (`2 tbsp` → `2 EL` in German,
 *   `1 c. à soupe` in French; `1 EL` → `1 tbsp` in English), in both measures.
 * - What is counted (a pinch, a handful, a clove, a can: ./languages.ts, COUNTED_UNITS) stays what it
 *   is, in the language's word (`a pinch` → `1 Prise` in German, `3 cloves` → `3 gousses` in French,
 *   `2 Prisen` → `2 pinches` in English); one already in the language's words stays as written
 *   (`eine Prise`, `1 Msp.` in German), as does one the language has no word for. "To taste" is
 *   written in the language (`to taste` → `nach Geschmack`).
 * - Other pieces (`2 eggs`), bare numbers and other amounts in words (`a few`) stay as written.
 * - An amount already in the measures asked for stays as written (`250 g` in `metric`).
 * - `metric`: ounces and pounds become grams and kilograms; a liquid measure (fl oz, pint, quart,
 *   gallon) becomes millilitres and litres; a cup becomes millilitres for what pours like water (a
 *   density of 0.98–1.1 g/ml: water, milk, stock, wine, juice, cream) and grams for the rest (flour,
 *   sugar, butter, oil, honey).
 * - `us`: millilitres and litres become cups, tablespoons and teaspoons; grams and kilograms become
 *   cups and spoons for a food with a density (what a US cook measures by volume: flour, sugar,
 *   milk), else ounces and pounds (meat, cheese and the like).
 * - The density is the line's own (its grams over its volume, as the import weighed it) or the
 *   ingredient's `grams_per_ml`. An amount that needs one and has neither, or that needs grams and has
 *   none, stays as written. A measure into another of its kind (ml into cups, oz into g) needs neither.
 * - A range converts end by end; a note stays after the amount; a second measure in parentheses
 *   (`1 cup (240 ml)`) is dropped, the converted amount saying the same; several amounts (`2 cups + 1
 *   pinch`, a shopping list's sum) convert one by one, without the grams (which are their total).
 */

import {
  countedUnitOf,
  type LanguageWords,
  languageWords,
  ONE_WORDS,
  type Spoon,
  spoonOf,
  toTasteLanguage,
  type Word,
} from "./languages.ts";
import type { Measures } from "./measures.ts";
import { readAmount } from "./read.ts";
import { type Amount, type AmountKind, toBase } from "./units.ts";
import { writeCount, writeQuantity } from "./write.ts";

/** Millilitres in a US teaspoon (the base of US volumes, ./units.ts) and grams in an ounce. */
const TSP_ML = 4.92892159375;
const OZ_G = 28.349523125;
/** What pours like water: measured in millilitres in `metric`. */
const LIQUID_DENSITY: readonly [number, number] = [0.98, 1.1];
const LIQUID_MEASURES = new Set(["fl oz", "pint", "quart", "gallon"]);

/** What is known of an amount's weight: its grams (null when unknown) and its food's density (g/ml). */
export type Weighing = { grams: number | null; gramsPerMl: number | null };

/**
 * `readable` in `measures` (the rules at the top of this file); as written when it cannot be
 * converted or is already in those measures.
 */
export function convertAmount(readable: string, weighing: Weighing, measures: Measures): string {
  const parts = readable.split(/\s+\+\s+/);
  const each = parts.length > 1 ? { ...weighing, grams: null } : weighing;
  return parts.map((part) => convertOne(part, each, measures)).join(" + ");
}

/** The note after an amount, as written. */
const noteOf = (amount: Amount) => (amount.note ? `${amount.noteSeparator || " "}${amount.note}` : "");

/** A spoon's word in the written text (`2 tbsp` → `2 EL`), singular up to 1. */
function spoonWords(text: string, spoons: Readonly<Record<Spoon, Word>>): string {
  return text.replace(
    /((?:\d+ )?\d+(?:\/\d+)?) (tbsp|tsp)(?![\p{L}])/gu,
    (_, number: string, spoon: Spoon) => {
      const value = number.split(" ").reduce((sum, n) => {
        const [top = 0, bottom = 1] = n.split("/").map(Number);
        return sum + top / bottom;
      }, 0);
      return `${number} ${spoons[spoon][value > 1 ? 1 : 0]}`;
    },
  );
}

/**
 * The language's word for a counted unit written in another language (`cloves` → `gousse`,
 * `gousses` in French); undefined when it is not one, is already the language's, or the language
 * has none.
 */
function countedWord(written: string, words: LanguageWords, lang: Measures["lang"]): Word | undefined {
  const counted = countedUnitOf(written);
  return counted && !counted.languages.has(lang) ? words.counted[counted.unit] : undefined;
}

/**
 * An amount in words in the language's words: `a pinch` (any language's "one" and counted unit) →
 * `1 Prise`, `to taste` → `nach Geschmack`; undefined to keep it as written.
 */
function wordsInLanguage(amount: Amount, words: LanguageWords, lang: Measures["lang"]): string | undefined {
  const text = amount.words ?? "";
  const taste = toTasteLanguage(text);
  if (taste) return taste === lang ? undefined : words.toTaste + noteOf(amount);
  const [one, unitWord, ...rest] = text.split(" ");
  if (!unitWord || rest.length > 0 || !ONE_WORDS.has(one?.toLowerCase() ?? "")) return undefined;
  const word = countedWord(unitWord, words, lang);
  return word ? writeCount(1, null, "-", word) + noteOf(amount) : undefined;
}

function convertOne(text: string, weighing: Weighing, measures: Measures): string {
  const amount = readAmount(text);
  if (!amount) return text;
  const words = languageWords(measures.lang);
  if (amount.kind === "words") return wordsInLanguage(amount, words, measures.lang) ?? text;
  if (amount.quantity === null || (amount.quantity === 0 && !amount.quantityMax)) return text;
  const counted =
    amount.kind === "piece" && amount.unit && !amount.size
      ? countedWord(amount.unit, words, measures.lang)
      : undefined;
  if (counted)
    return writeCount(amount.quantity, amount.quantityMax, amount.rangeSeparator, counted) + noteOf(amount);
  const spoon =
    amount.kind === "us-volume" && (amount.unit === "tbsp" || amount.unit === "tsp")
      ? amount.unit
      : amount.kind === "piece" && amount.unit
        ? spoonOf(amount.unit)
        : undefined;
  if (spoon) {
    const [one, many] = words.spoons[spoon];
    const word: Word = amount.size ? [`${amount.size} ${one}`, `${amount.size} ${many}`] : [one, many];
    return (
      writeCount(amount.quantity, amount.quantityMax, amount.rangeSeparator, word, spoon === "tsp") +
      noteOf(amount)
    );
  }
  const target = targetOf(amount, weighing, measures);
  if (!target) return text;
  const [kind, unit, perBase] = target;
  const converted: Amount = {
    ...amount,
    kind,
    quantity: toBase(amount, amount.quantity) * perBase,
    quantityMax: amount.quantityMax === null ? null : toBase(amount, amount.quantityMax) * perBase,
    unit,
    unitPlural: null,
    size: null,
    alt: null,
    decimalComma: words.decimalComma,
  };
  const written = writeQuantity(converted) + noteOf(amount);
  return kind === "us-volume" ? spoonWords(written, words.spoons) : written;
}

/**
 * The kind and unit an amount is written in, and how many of that unit one of its base units
 * (tsp, oz, ml, g) is; undefined to keep it as written.
 */
function targetOf(
  amount: Amount,
  weighing: Weighing,
  measures: Measures,
): [AmountKind, "ml" | "g" | "cup" | "oz", number] | undefined {
  const low = toBase(amount, amount.quantity ?? 0);
  // Millilitres or grams in one base unit of the amount as written.
  const ml = amount.kind === "us-volume" ? TSP_ML : amount.kind === "metric-volume" ? 1 : null;
  const g = amount.kind === "us-mass" ? OZ_G : amount.kind === "metric-mass" ? 1 : null;
  // The line's own density (its grams over its volume), else the food's.
  const density =
    ml !== null && weighing.grams !== null && weighing.grams > 0 && low > 0
      ? weighing.grams / (low * ml)
      : weighing.gramsPerMl;
  if (measures.units === "metric") {
    if (g !== null) return amount.kind === "metric-mass" ? undefined : ["metric-mass", "g", g];
    if (ml === null || amount.kind === "metric-volume") return undefined;
    if (LIQUID_MEASURES.has(amount.unit ?? "")) return ["metric-volume", "ml", ml];
    if (density === null) return undefined;
    const liquid = density >= LIQUID_DENSITY[0] && density <= LIQUID_DENSITY[1];
    return liquid ? ["metric-volume", "ml", ml] : ["metric-mass", "g", ml * density];
  }
  if (amount.kind === "us-volume" || amount.kind === "us-mass") return undefined;
  // A cup is 48 teaspoons: `quantity` is in cups, so that the cups' ladder starts from a quarter cup.
  if (ml !== null) return ["us-volume", "cup", 1 / TSP_ML / 48];
  if (g === null) return undefined;
  if (weighing.gramsPerMl !== null && weighing.gramsPerMl > 0)
    return ["us-volume", "cup", 1 / weighing.gramsPerMl / TSP_ML / 48];
  return ["us-mass", "oz", 1 / OZ_G];
}

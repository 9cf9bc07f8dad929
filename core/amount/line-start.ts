/**
 * The amount at the start of a text (`1 1/2 cups …`, `1,5 EL …`, `2-3 eggs`), read the one way both
 * readers of amounts read it: the page import's line parser (page-import/ingredient-line.ts, a whole
 * line in the page's language) and `readAmount` (./read.ts, an amount as written, in English). The
 * numbers and unit words are read by parse-ingredient (fractions, unicode fractions, mixed numbers,
 * ranges, unit spellings) with the caller's units; size words are never units (`3 large eggs`); a
 * run of number characters longer than any amount is cut first; decimal commas follow one rule.
 * Small on purpose: the page-import bundle carries it.
 */
import { type Ingredient, type ParseIngredientOptions, parseIngredient } from "parse-ingredient";
import { cutLongNumberRuns } from "./number-runs.ts";

/**
 * How the text's numbers are read: with a decimal comma (`1,5 EL`, `1.000 g` a thousand) where
 * `decimalComma` says the text's language writes them; elsewhere (English) a comma before one or two
 * digits is one (`0,5 l`) and `1,000 g` is a thousand (the comma dropped from the text). A dot before
 * one or two digits is a decimal point in any case (`1.5 kg`).
 */
export function decimalSeparator(
  text: string,
  decimalComma?: boolean | undefined,
): { text: string; separator: "." | "," } {
  if (decimalComma) {
    const commas = /\d,\d/.test(text) || /\d\.\d{3}(?!\d)/.test(text);
    return { text, separator: commas ? "," : "." };
  }
  if (/(^|[^\d,])\d+,\d{1,2}(?!\d)/.test(text)) return { text, separator: "," };
  return { text: text.replace(/(\d),(\d{3})(?!\d)/g, "$1$2"), separator: "." };
}

/**
 * parse-ingredient's reading of `text` with the caller's `units` and decimal `separator` (and `more`
 * of its options), number runs cut, then `after` appended (a word that closes the text, so a last unit
 * word is read as a unit): the quantity (and `quantity2` of a range), the unit and what follows as the
 * description. Size words are never units (`3 large eggs`).
 */
export function readLineStart(
  text: string,
  units: ParseIngredientOptions["additionalUOMs"],
  separator: "." | ",",
  more?: Omit<ParseIngredientOptions, "additionalUOMs" | "decimalSeparator" | "ignoreUOMs">,
  after = "",
): Ingredient | undefined {
  return parseIngredient(cutLongNumberRuns(text) + after, {
    ...more,
    ignoreUOMs: ["large", "small", "medium"],
    additionalUOMs: units,
    decimalSeparator: separator,
  })[0];
}

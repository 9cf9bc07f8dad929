/**
 * The shape of one language's table for reading ingredient lines (`./<code>.ts`): data only, read by
 * ./lexicon.ts, its sources named at its top; its foods' names are in ./foods.ts. Lists of words are
 * one string with `|` between the words (any case; accents may be left out in a line: `creme` reads
 * as `crème`).
 */

/**
 * A unit: its written forms → a unit id (parse-ingredient's, or one of ./units.ts) and, when the
 * unit fixes its own size whatever the page's measuring system, millilitres (or grams) in one
 * (`EL` is 15 ml on any page; `tbsp` is 14.8 ml on a US page and 15 ml elsewhere). A form written
 * `singular/plural` gives the word's plural (`Prise/Prisen`); the other forms do not change.
 */
export type UnitRow = readonly [forms: string, unit: string, size?: number];

/**
 * A food as ./lexicon.ts reads it from ./foods.ts for one language: its names in the language → the
 * built-in table's food by its English name (../foods.ts), with the weights of the packages it is sold
 * in there when they are a national standard (`{ package: 15 }`: a German `Päckchen` of baking powder).
 */
export type FoodRow = readonly [names: string, food: string, units?: Readonly<Record<string, number>>];

export type Language = {
  /** ISO 639-1. */
  code: string;
  /** Decimals are written with a comma (`1,5 EL`) and thousands grouped with a dot (`1.000 g`). */
  decimalComma: boolean;
  units: readonly UnitRow[];
  /** Numbers written as words at the start of a line (`eine` → 1, `eine halbe` → 0.5). */
  numbers: readonly (readonly [forms: string, value: number])[];
  /** Amounts without a number at the start of a line (`eine Prise`, `etwas`): their grams are unknown. */
  vague: string;
  /** Phrases at the end of a line that are its note (`nach Geschmack`, `zum Servieren`). */
  notes: string;
  /** Words between an amount and its food (`de`, `d'`), dropped. */
  of: string;
  /** Words between the two ends of a range (`2 bis 3`). */
  ranges: string;
  /** Words before an approximate amount (`ca.`, `etwa`), dropped. */
  about: string;
  /** Words that make a weight in parentheses that of each piece (`4 Rouladen (à 180 g)`, `je`). */
  each: string;
  /** Words that open a heading inside the list (`Für den Teig`). */
  headers: string;
  /** Words that say how a food is prepared or sized, not which food it is (`gehackt`, `groß`): the note. */
  descriptive: string;
  /** Words that join two descriptive words (`geschält und gewürfelt`), kept in the note with them. */
  and: string;
  /**
   * How the language inflects nouns and adjectives, as [lemma ending, inflected ending] pairs tried
   * in order: `["", "en"]` reads `Tomaten` as `Tomate`, `["o", "a"]` reads `picada` as `picado`.
   */
  inflections: readonly (readonly [lemma: string, inflected: string])[];
  /** A food is named by its first words (`huile d'olive vierge`, `harina de trigo`), not its last. */
  headFirst: boolean;
  /** Foods are written as one compound word whose end names them (`Weizenmehl` is a `Mehl`). */
  compounds: boolean;
};

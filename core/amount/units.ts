/**
 * What the amount modules share: the structure an amount as written is read into (./read.ts), written
 * back from (./write.ts) and added up in (./sum.ts), and the measures it is counted in. Pure data.
 */

/** The units amounts are written in. */
export type MeasureUnit =
  | "cup"
  | "tbsp"
  | "tsp"
  | "fl oz"
  | "pint"
  | "quart"
  | "gallon"
  | "ml"
  | "l"
  | "g"
  | "kg"
  | "oz"
  | "lb";

export type AmountKind =
  | "us-volume"
  | "metric-volume"
  | "us-mass"
  | "metric-mass"
  | "piece"
  | "number"
  | "words";

export type Amount = {
  kind: AmountKind;
  /** The amount in `unit` (the lower end of a range), or null for words (`a pinch`). */
  quantity: number | null;
  /** The upper end of a range (`1-2 tbsp` → 2), else null. */
  quantityMax: number | null;
  /**
   * A measure (`cup`, `tbsp`, `ml`, …: `MeasureUnit`), or the piece noun in the singular
   * (`egg`, `large onion`, `clove garlic`), or null for a bare number and for words.
   */
  unit: string | null;
  /** The piece noun in the plural (`eggs`, `cloves garlic`); for a measure, how it is written in the plural. */
  unitPlural: string | null;
  /** A size word between the number and a measure (`1 heaped tbsp` → `heaped`), else null. */
  size: string | null;
  /** The amount in words when it has no number (`a pinch`, `salt to taste`), else null. */
  words: string | null;
  /** The note after the amount (`melted`, `flour`, `for the glaze`), else null. */
  note: string | null;
  /** What stands between the amount and its note: `, ` or ` `. */
  noteSeparator: string;
  /** A second measure of the same amount in parentheses (`1 cup (240 ml)` → 240 ml). */
  alt: Amount | null;
  /** How a range is written (`-`, ` to `). */
  rangeSeparator: string;
  /** The decimals were written with a comma (`1,5 l`). */
  decimalComma: boolean;
};

type MeasureInfo = { kind: AmountKind; base: number; plural: string };

/** Size of each measure in its kind's base unit: tsp (US volume), oz (US mass), ml, g. */
export const MEASURES: Record<MeasureUnit, MeasureInfo> = {
  tsp: { kind: "us-volume", base: 1, plural: "tsp" },
  tbsp: { kind: "us-volume", base: 3, plural: "tbsp" },
  "fl oz": { kind: "us-volume", base: 6, plural: "fl oz" },
  cup: { kind: "us-volume", base: 48, plural: "cups" },
  pint: { kind: "us-volume", base: 96, plural: "pints" },
  quart: { kind: "us-volume", base: 192, plural: "quarts" },
  gallon: { kind: "us-volume", base: 768, plural: "gallons" },
  oz: { kind: "us-mass", base: 1, plural: "oz" },
  lb: { kind: "us-mass", base: 16, plural: "lb" },
  ml: { kind: "metric-volume", base: 1, plural: "ml" },
  l: { kind: "metric-volume", base: 1000, plural: "l" },
  g: { kind: "metric-mass", base: 1, plural: "g" },
  kg: { kind: "metric-mass", base: 1000, plural: "kg" },
};

/** The unicode fractions parse-ingredient reads as numbers. */
export const FRACTIONS = "½⅓⅔¼¾⅛⅜⅝⅞⅕⅖⅗⅘⅙⅚";

/** The amount in its kind's base unit (tsp, oz, ml, g, or pieces). */
export function toBase(amount: Amount, q: number): number {
  const info = amount.unit ? MEASURES[amount.unit as MeasureUnit] : undefined;
  return amount.kind === "piece" || amount.kind === "number" || !info ? q : q * info.base;
}

/**
 * An amount (./units.ts, as ./read.ts reads it) written back in kitchen measures. Pure functions.
 *
 * How an amount is written back (`writeAmount`, and so `scaleAmount` and `sumAmounts`):
 * - Numbers a cook can measure: whole numbers and 1/4, 1/3, 1/2, 2/3, 3/4 (mixed: `1 1/2`); 1/8
 *   only for teaspoons; from 10 on, whole numbers. Never 0: the smallest measurable amount instead.
 * - US volume (tsp, tbsp, cup; 3 tsp = 1 tbsp, 16 tbsp = 1 cup): cups when within 5% of a
 *   measurable number of cups (from 2 cups on, the nearest) and at least 1/4 cup, or 1/2 cup for an
 *   amount written in spoons (`2 tbsp` × 2 = `4 tbsp`, × 4 = `1/2 cup`); else tablespoons from 1 tbsp
 *   on when within 5% (thirds of a tablespoon only from 3 tbsp on: `4 tsp`, not `1 1/3 tbsp`); else
 *   teaspoons. More than 1/2 cup that no number of cups measures is cups then spoons, as a cook
 *   measures it (`1 1/2 cups` × 3/4 = `1 cup + 2 tbsp`, not `18 tbsp`). A pint, quart, gallon or fl oz stays in its unit while that
 *   is 1 or more and measurable within 5%, else it moves into the cups ladder (`1 pint` ÷ 2 =
 *   `1 cup`). Cups never become pints. Pints, quarts and gallons are US measures (2, 4, 16 cups).
 * - US mass: ounces; 16 oz or more as pounds when within 5% of a measurable number of pounds; an
 *   amount written in pounds stays in pounds from 1/4 lb on when measurable.
 * - Metric (ml, cl, dl, l; g, kg): in ml or g rounded to 0.1 below 1, 0.5 below 10, 5 below 100,
 *   10 below 1000 (a multiple of 25 within 0.5 stays: `125 ml`), 50 below 10,000, 500 above; from
 *   1000 ml or g on as l or kg (`1.35 l`). A decimal comma as written (`1,5 l`) stays a decimal
 *   comma. A sum of metric amounts is not rounded (`123 g` + `1 g` = `124 g`). Metric and US
 *   amounts never convert into each other (a sum writes them side by side).
 * - Unit spellings are normalised to one style: `cup`/`cups`, `pint(s)`, `quart(s)`, `gallon(s)`
 *   and the abbreviations `tbsp`, `tsp`, `fl oz`, `ml`, `l`, `g`, `kg`, `oz`, `lb`, which have no
 *   plural (`2 tablespoons` × 2 = `4 tbsp`). Only a changed amount is rewritten: factor 1 returns
 *   the text as it is, and a sum of a single amount is that amount as written.
 * - Pieces: the counted word is singular up to 1 (`1/2 egg`, `1 egg`) and plural above (`1 1/2 eggs`);
 *   a range keeps its separator, both ends in one unit; a note stays after the amount, `1 cup (240 ml)`
 *   writes both (what is read: ./read.ts).
 */
import { type Amount, MEASURES, type MeasureUnit, toBase } from "./units.ts";

/** How close a measurable number must be to the exact amount to be written instead of a smaller unit. */
const TOLERANCE = 0.05;
const FRACTION_STEPS: [number, string][] = [
  [1 / 4, "1/4"],
  [1 / 3, "1/3"],
  [1 / 2, "1/2"],
  [2 / 3, "2/3"],
  [3 / 4, "3/4"],
];

type Measurable = { value: number; text: string };

/** The nearest number a cook can measure: whole, or whole plus 1/4, 1/3, 1/2, 2/3, 3/4 (1/8 too if `eighth`). */
function measurable(q: number, eighth = false): Measurable {
  if (q >= 10 - 1e-9) {
    const whole = Math.max(10, Math.round(q));
    return { value: whole, text: String(whole) };
  }
  const whole = Math.floor(q);
  const candidates: Measurable[] = [];
  for (const w of [whole, whole + 1]) {
    if (w > 0) candidates.push({ value: w, text: String(w) });
    for (const [fraction, text] of w === 0 && eighth
      ? [[1 / 8, "1/8"] as [number, string], ...FRACTION_STEPS]
      : FRACTION_STEPS)
      candidates.push({ value: w + fraction, text: w > 0 ? `${w} ${text}` : text });
  }
  let best = candidates[0] as Measurable;
  for (const c of candidates) if (Math.abs(c.value - q) < Math.abs(best.value - q) - 1e-12) best = c;
  return best;
}

const relativeError = (m: Measurable, q: number) => (q === 0 ? 0 : Math.abs(m.value - q) / q);

/**
 * One rung of a ladder of units: used from `min` of it on; `loose` from where any number of it does;
 * `eighth` allows 1/8; `thirdsFrom`: a third of it is written only from that many on (below, the
 * next rung measures it: `1 1/3 tbsp` is `4 tsp`, there being no third of a tablespoon to measure).
 */
type Step = { unit: MeasureUnit; min: number; loose?: number; eighth?: boolean; thirdsFrom?: number };

/** `1/3`, `2/3`, `1 1/3`…: a whole number of thirds that is not a whole number. */
const hasThird = (m: Measurable) =>
  !Number.isInteger(m.value) && Math.abs(m.value * 3 - Math.round(m.value * 3)) < 1e-9;

/** Writes `low`(–`high`) in base units with the first step whose unit measures it well. */
function writeLadder(
  low: number,
  high: number | null,
  steps: Step[],
  separator: string,
): { text: string; unit: MeasureUnit; top: number } {
  for (const [i, step] of steps.entries()) {
    const last = i === steps.length - 1;
    const size = MEASURES[step.unit].base;
    if (!last && low < step.min * size - 1e-9) continue;
    const ends = [low, high].filter((n): n is number => n !== null).map((n) => n / size);
    const written = ends.map((q) => measurable(q, step.eighth));
    const fits = ends.every(
      (q, k) =>
        (relativeError(written[k] as Measurable, q) <= TOLERANCE + 1e-9 || q >= (step.loose ?? Infinity)) &&
        !(q < (step.thirdsFrom ?? 0) && hasThird(written[k] as Measurable)),
    );
    if (last || fits) {
      const texts = written.map((m) => m.text);
      return {
        text: texts.join(separator),
        unit: step.unit,
        top: (written[written.length - 1] as Measurable).value,
      };
    }
  }
  throw new Error("unreachable: the last step always fits");
}

/**
 * Spoons move up to cups from 1/2 cup on (`2 tbsp` × 2 = `4 tbsp`), cups stay cups from 1/4 cup on;
 * below 3 tbsp a third of a tablespoon is counted in teaspoons (`1 tsp` × 4 = `4 tsp`).
 */
const usVolumeLadder = (from: MeasureUnit): Step[] => [
  { unit: "cup", min: from === "tbsp" || from === "tsp" ? 1 / 2 : 1 / 4, loose: 2 },
  { unit: "tbsp", min: 1, thirdsFrom: 3 },
  { unit: "tsp", min: 0, eighth: true },
];

/**
 * More than 1/2 cup that no number of cups measures (`1 1/2 cups` × 3/4 = 18 tbsp) as a cook measures
 * it: the most cups a measuring cup holds, then spoons (`1 cup + 2 tbsp`, `1 3/4 cups + 2 tbsp`,
 * `1/2 cup + 1 tbsp`), when that is within 5% and the spoons are under 1/4 cup; undefined otherwise.
 * Up to 8 tbsp stays in spoons (`1 1/2 cups` ÷ 4 = `6 tbsp`, as the contract writes it), and so does
 * anything below `minCups` of a cup. `low` is in teaspoons.
 */
function cupsPlusSpoons(low: number, minCups: number): string | undefined {
  const cup = MEASURES.cup.base;
  if (low <= cup / 2 + 1e-9 || low < minCups * cup - 1e-9) return undefined;
  // The ladder's rungs below the cup.
  const spoons = usVolumeLadder("tbsp").slice(1);
  // Cups a set of measuring cups holds (whole, quarters and thirds), most first.
  const most = Math.floor(low / cup);
  for (let whole = most; whole >= 0; whole--) {
    for (const [fraction, text] of [...FRACTION_STEPS].reverse().concat([[0, ""]])) {
      const cups = whole + fraction;
      const rest = low - cups * cup;
      if (cups <= 0 || rest < 1 - 1e-9 || rest >= 4 * MEASURES.tbsp.base - 1e-9) continue;
      const written = writeLadder(rest, null, spoons, "");
      const total = cups * cup + written.top * MEASURES[written.unit].base;
      if (Math.abs(total - low) / low > TOLERANCE + 1e-9) continue;
      const cupText = whole > 0 ? (text ? `${whole} ${text}` : String(whole)) : text;
      const spoonUnit = written.top > 1 ? MEASURES[written.unit].plural : written.unit;
      return `${cupText} ${cups > 1 ? "cups" : "cup"} + ${written.text} ${spoonUnit}`;
    }
  }
  return undefined;
}

/** Metric rounding by magnitude, in ml or g. */
function roundMetric(n: number): number {
  // Between 100 and 1000 a quarter of a hundred stays as it is (`250 ml` ÷ 2 = `125 ml`).
  if (n >= 100 && n < 1000 && Math.abs(n / 25 - Math.round(n / 25)) * 25 < 0.5)
    return Math.round(n / 25) * 25;
  const step = n < 1 ? 0.1 : n < 10 ? 0.5 : n < 100 ? 5 : n < 1000 ? 10 : n < 10000 ? 50 : 500;
  const rounded = Math.round(n / step) * step;
  return Math.max(step, Number(rounded.toFixed(3)));
}

const decimal = (n: number, comma: boolean) => {
  const text = String(Number(n.toFixed(3)));
  return comma ? text.replace(".", ",") : text;
};

function writeMetric(amount: Amount, low: number, high: number | null, exact: boolean): string {
  const big = amount.kind === "metric-volume" ? "l" : "kg";
  const small = amount.kind === "metric-volume" ? "ml" : "g";
  const ends = [low, high]
    .filter((n): n is number => n !== null)
    .map((n) => (exact ? Math.max(0.1, Number(n.toFixed(1))) : roundMetric(n)));
  const inBig = (ends[0] as number) >= 1000;
  const size = amount.size ? `${amount.size} ` : "";
  return `${ends.map((n) => decimal(inBig ? n / 1000 : n, amount.decimalComma)).join(amount.rangeSeparator)} ${size}${inBig ? big : small}`;
}

/** The amount in its kind's base unit (tsp, oz, ml, g, or pieces). */
/** `exact`: metric amounts as they are (a sum of amounts as written), not rounded. */
export function writeQuantity(amount: Amount, exact = false): string {
  if (amount.quantity === null) return amount.words ?? "";
  const low = toBase(amount, amount.quantity);
  const high = amount.quantityMax === null ? null : toBase(amount, amount.quantityMax);
  const sep = amount.rangeSeparator;
  switch (amount.kind) {
    case "metric-volume":
    case "metric-mass":
      return writeMetric(amount, low, high, exact);
    case "us-volume":
    case "us-mass": {
      const unit = amount.unit as MeasureUnit;
      let steps: Step[];
      if (amount.kind === "us-mass") {
        steps = [
          { unit: "lb", min: unit === "lb" ? 1 / 4 : 1 },
          { unit: "oz", min: 0 },
        ];
      } else if (unit === "pint" || unit === "quart" || unit === "gallon" || unit === "fl oz") {
        steps = [{ unit, min: 1 }, ...usVolumeLadder(unit)];
      } else steps = usVolumeLadder(unit);
      const written = writeLadder(low, high, steps, sep);
      const info = MEASURES[written.unit];
      const size = amount.size ? `${amount.size} ` : "";
      const cupsAndSpoons =
        amount.kind === "us-volume" && high === null && written.unit === "tbsp" && !size
          ? cupsPlusSpoons(low, steps[0]?.unit === "cup" ? (steps[0]?.min ?? 1) : 1)
          : undefined;
      return cupsAndSpoons ?? `${written.text} ${size}${written.top > 1 ? info.plural : written.unit}`;
    }
    default:
      return amount.kind === "number" || !amount.unit
        ? writeCount(low, high, sep, null)
        : writeCount(low, high, sep, [amount.unit, amount.unitPlural ?? amount.unit]);
  }
}

/**
 * A count (`low`(–`high`)) in numbers a cook can measure, and its word in the singular up to 1 and the
 * plural above (`1/2 egg`, `1 1/2 eggs`); without a word, the number alone. `eighth` allows 1/8 (a
 * teaspoon's). Pieces are written so, and so are the spoons of other languages (./convert.ts).
 */
export function writeCount(
  low: number,
  high: number | null,
  separator: string,
  word: readonly [one: string, many: string] | null,
  eighth = false,
): string {
  const ends = [low, high].filter((n): n is number => n !== null).map((q) => measurable(q, eighth));
  const top = (ends[ends.length - 1] as Measurable).value;
  const number = ends.map((m) => m.text).join(separator);
  if (!word) return number;
  return `${number} ${top > 1 ? word[1] : word[0]}`;
}

/**
 * Writes an amount in kitchen measures (the rules at the top of this file), with its note and
 * its other measure (`1 cup (240 ml)`).
 */
export function writeAmount(amount: Amount): string {
  let text = writeQuantity(amount);
  if (amount.alt) text += ` (${writeQuantity(amount.alt)})`;
  if (amount.note) text += `${amount.noteSeparator || " "}${amount.note}`;
  return text;
}

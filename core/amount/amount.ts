/**
 * Amounts as people write them (`1 1/2 cups`, `½ tsp`, `2 eggs`, `250 ml`, `a pinch`) read into a
 * structure, scaled, added up and written back in kitchen measures (CONTRACT.md: "amounts: from
 * what people write to grams, and back"). Pure functions: no I/O.
 *
 * The numbers and unit words are read by parse-ingredient, the package the page import reads
 * ingredient lines with (fractions, unicode fractions, mixed numbers, ranges, unit spellings,
 * `T` = tablespoon and `t` = teaspoon) with the English units of the import's table (British and
 * metric spellings such as `litre`, `cl`, `kilo`: page-import/languages/en.ts); this module adds
 * the note, the piece nouns and the writing.
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
 * - Pieces (`2 eggs`, `3 large onions`, `2 cloves garlic`, `1 (14 oz) can`): the counted word (a
 *   container or portion word such as clove, can, slice, else the last word) is singular up to 1
 *   (`1/2 egg`, `1 egg`) and plural above (`1 1/2 eggs`); its plural as written, else by the
 *   English rules. A bare number (`2`) stays a bare number.
 * - Ranges (`1-2 tbsp`, `1 to 2 cups`) keep their separator; both ends are written in one unit.
 * - Amounts without a number (`a pinch`, `to taste`, `salt to taste`, `a few`) are kept as written.
 *   `a`/`an`/`one` before any other word is 1 (`an onion` × 2 = `2 onions`, `a cup` × 2 = `2 cups`).
 * - A note (`, melted`; words after a measure such as `2 cups flour`; `for …`, `to …` after a
 *   piece) is kept after the amount when scaling and dropped from sums. `1 cup (240 ml)` scales both.
 * - Several amounts joined by ` + ` (what `sumAmounts` writes) are read part by part.
 * - A size word before a measure (`1 heaped tbsp`) stays; before a piece it is part of the piece
 *   noun (`3 large onions` ÷ 3 = `1 large onion`).
 */
import { parseIngredient, type UnitOfMeasureDefinitions } from "parse-ingredient";
import { EN_UNITS } from "../page-import/languages/en-units.ts";
import { unitDefinitions } from "../page-import/languages/units.ts";
import { unitForms } from "../page-import/languages/words.ts";
import { cutLongNumberRuns } from "../page-import/number-runs.ts";
import { singular } from "../page-import/singular.ts";

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

// ---------------------------------------------------------------------------------------------
// Units

type MeasureInfo = { kind: AmountKind; base: number; plural: string };

/** Size of each measure in its kind's base unit: tsp (US volume), oz (US mass), ml, g. */
const MEASURES: Record<MeasureUnit, MeasureInfo> = {
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

/** parse-ingredient's unit ids (and the ones added here) → measure and how many of it one is. */
const UNIT_IDS: Record<string, [MeasureUnit, number]> = {
  teaspoon: ["tsp", 1],
  tablespoon: ["tbsp", 1],
  "fluid ounce": ["fl oz", 1],
  cup: ["cup", 1],
  pint: ["pint", 1],
  quart: ["quart", 1],
  gallon: ["gallon", 1],
  ounce: ["oz", 1],
  pound: ["lb", 1],
  milliliter: ["ml", 1],
  centiliter: ["ml", 10],
  deciliter: ["ml", 100],
  liter: ["l", 1],
  milligram: ["g", 0.001],
  gram: ["g", 1],
  kilogram: ["kg", 1],
};

/** The English units the page import reads lines with (one table: ../page-import/languages/en-units.ts). */
const EXTRA_UNITS: UnitOfMeasureDefinitions = unitDefinitions(EN_UNITS.flatMap(unitForms));

/** The unicode fractions parse-ingredient reads as numbers. */
const FRACTIONS = "½⅓⅔¼¾⅛⅜⅝⅞⅕⅖⅗⅘⅙⅚";

/**
 * Spoons (and a few counts) of the other nine languages, as [singular, plural]: counted as they are
 * written, never converted (a French cook's `c. à soupe` is 15 ml and stays one: `1 c. à soupe` × 8 =
 * `8 c. à soupe`, where read as English, `c.` would be a cup; `2 Stk.` × 1.5 = `3 Stk.`, not `Stk.s`).
 */
const SPOONS: readonly [string, string][] = [
  // fr
  ["cuillère à soupe", "cuillères à soupe"],
  ["cuillerée à soupe", "cuillerées à soupe"],
  ["cuillère à café", "cuillères à café"],
  ["cuillerée à café", "cuillerées à café"],
  ["c. à soupe", "c. à soupe"],
  ["c. à café", "c. à café"],
  ["c. à s.", "c. à s."],
  ["c. à c.", "c. à c."],
  ["càs", "càs"],
  ["càc", "càc"],
  // de
  ["Esslöffel", "Esslöffel"],
  ["Teelöffel", "Teelöffel"],
  ["EL", "EL"],
  ["TL", "TL"],
  ["Msp.", "Msp."],
  ["Stk.", "Stk."],
  ["Stück", "Stück"],
  ["Prise", "Prisen"],
  // es
  ["cucharadita", "cucharaditas"],
  ["cucharada", "cucharadas"],
  // it
  ["cucchiaino", "cucchiaini"],
  ["cucchiaio", "cucchiai"],
  // nl
  ["eetlepel", "eetlepels"],
  ["theelepel", "theelepels"],
  // pt
  ["colher de sopa", "colheres de sopa"],
  ["colher (sopa)", "colheres (sopa)"],
  ["colher de chá", "colheres de chá"],
  ["colher (chá)", "colheres (chá)"],
  // `1 colher (sopa)`: the parenthesis is read first, as the spoon's note.
  ["colher", "colheres"],
  // sv, da, no
  ["msk", "msk"],
  ["tsk", "tsk"],
  ["krm", "krm"],
  ["spsk", "spsk"],
  ["spiseskje", "spiseskjeer"],
  ["teskje", "teskjeer"],
];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** `<number> <spoon>[ <note>]`: the number as written, which spoon (either form), and the rest. */
const SPOON_AMOUNT = new RegExp(
  `^([\\d${FRACTIONS}][\\d${FRACTIONS}.,/\\s–—-]*?)\\s*(${SPOONS.flat()
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp)
    .join("|")})(?=\\s|,|$)\\s*(.*)$`,
);

/** The spoon of `written` (as written, either form) as [singular, plural]. */
const spoonOf = (written: string) => SPOONS.find(([one, many]) => written === one || written === many);

/** Words that count portions or packages of a food: the counted word of a piece amount. */
const COUNTED = new Set(
  (
    "clove slice stalk stick sprig head bunch can tin jar packet package pack bag box carton container " +
    "bottle ear fillet rib rasher spear bulb leaf knob sheet cube piece pinch dash drop handful dozen " +
    "scoop glass block loaf ball batch envelope thumb strip wedge stem"
  ).split(" "),
);

/** Amounts in words that stay words even after `a`: `a pinch`, `a few`. */
const VAGUE = new Set(
  "pinch dash handful splash sprinkle drizzle squeeze knob few couple little bit touch smidgen drop dollop glug some lot".split(
    " ",
  ),
);

/** Words after a piece noun that start its note: `2 eggs for the glaze`. */
const NOTE_START = /\s+(?=(?:for|to|or|if|as|about|plus|at|divided|optional)\b)/i;

const STARTS_NUMERIC = new RegExp(`^[\\d${FRACTIONS}.]`);
const RANGE_SEPARATOR = new RegExp(
  `[\\d${FRACTIONS}](\\s*[-–—]\\s*|\\s+(?:to|or)\\s+)(?=[\\d${FRACTIONS}.])`,
  "i",
);
const SENTINEL = "zqxfood";
const SIZE_WORD = new RegExp(
  `^([\\d${FRACTIONS}][^a-z]*?)\\s+(heaped|heaping|level|rounded|scant|generous|good|large|small|medium|big)\\s+(.*)$`,
  "i",
);

/** Words without a plural: sizes, abbreviations of lengths. */
const INVARIANT = new Set(["large", "small", "medium", "big", "cm", "mm", "in", "in.", "dozen"]);

const IRREGULAR_PLURALS: Record<string, string> = {
  leaf: "leaves",
  half: "halves",
  loaf: "loaves",
  knife: "knives",
  potato: "potatoes",
  tomato: "tomatoes",
  mango: "mangoes",
  dozen: "dozen",
  chives: "chives",
  oats: "oats",
  molasses: "molasses",
  hummus: "hummus",
  couscous: "couscous",
  asparagus: "asparagus",
};

/** One English word in the plural (`egg` → `eggs`, `berry` → `berries`, `pinch` → `pinches`). */
export function pluralOf(word: string): string {
  const lower = word.toLowerCase();
  const irregular = IRREGULAR_PLURALS[lower];
  if (irregular) return lower === word ? irregular : word;
  if (/[^aeiou]y$/i.test(word)) return `${word.slice(0, -1)}ies`;
  if (/(ch|sh|ss|x|z)$/i.test(word)) return `${word}es`;
  if (/s$/i.test(word)) return word;
  return `${word}s`;
}

// ---------------------------------------------------------------------------------------------
// Reading

const bareWord = (word: string) => word.toLowerCase().replace(/[.,;:]+$/, "");

/** `1/3` comes from parse-ingredient as 0.333: thirds (and sixths) snap back to what was written. */
function snap(n: number): number {
  const sixths = n * 6;
  if (Math.abs(sixths - Math.round(sixths)) < 0.01 && Math.abs(sixths - Math.round(sixths)) > 1e-9)
    return Math.round(sixths) / 6;
  return n;
}

/** The index of the first comma that starts a note (not one between digits). */
function noteComma(text: string): number {
  for (let i = 0; i < text.length; i += 1) {
    if (text[i] !== ",") continue;
    if (/\d/.test(text[i - 1] ?? "") && /\d/.test(text[i + 1] ?? "")) continue;
    return i;
  }
  return -1;
}

const wordsAmount = (words: string, note: string | null, noteSeparator: string): Amount => ({
  kind: "words",
  quantity: null,
  quantityMax: null,
  unit: null,
  unitPlural: null,
  size: null,
  words,
  note,
  noteSeparator: note === null ? "" : noteSeparator,
  alt: null,
  rangeSeparator: "-",
  decimalComma: false,
});

const joinNotes = (first: string | null, second: string | null) =>
  [first, second].filter((n): n is string => !!n).join(", ") || null;

/**
 * Reads one amount as written (`1 1/2 cups`, `2 tbsp, melted`, `a pinch`); undefined for an empty
 * text. Text that does not start with a number (or `a`/`an`/`one`) is an amount in words.
 */
export function readAmount(text: string): Amount | undefined {
  const written = text.replace(/\s+/g, " ").trim();
  if (!written) return undefined;

  let amountText = written;
  let note: string | null = null;
  let noteSeparator = "";
  const comma = noteComma(written);
  if (comma >= 0) {
    amountText = written.slice(0, comma).trim();
    note = written.slice(comma + 1).trim() || null;
    noteSeparator = ", ";
  }
  if (!amountText) return wordsAmount(written, null, "");

  // `a cup`, `an onion`, `one egg` are one; `a pinch`, `a few` stay words.
  const article = /^(?:a|an|one)\s+(\S+)/i.exec(amountText);
  if (article?.[1]) {
    const next = singular(bareWord(article[1]));
    if (VAGUE.has(next) || VAGUE.has(bareWord(article[1])))
      return wordsAmount(amountText, note, noteSeparator);
    amountText = `1 ${amountText.slice(article[0].length - article[1].length)}`;
  }
  if (!STARTS_NUMERIC.test(amountText)) return wordsAmount(amountText, note, noteSeparator);

  // Decimal commas as the page import reads them: a comma before one or two digits.
  const decimalComma = /\d,\d{1,2}(?!\d)/.test(amountText);
  if (!decimalComma) amountText = amountText.replace(/(\d),(\d{3})(?!\d)/g, "$1$2");

  // A parenthesis: a package size after the number (`1 (14 oz) can`), or the same amount in
  // another measure (`1 cup (240 ml)`), or a remark (`2 eggs (optional)`).
  let prefix = "";
  let alt: Amount | null = null;
  const paren = /^([^()]*?)\s*\(([^()]*)\)\s*(.*)$/.exec(amountText);
  if (paren) {
    const [, before = "", inner = "", after = ""] = paren;
    if (after && !/[a-z]/i.test(before)) {
      prefix = `(${inner.trim()})`;
      amountText = `${before} ${after}`;
    } else if (!after) {
      const other = readAmount(inner);
      amountText = before;
      if (other && other.kind !== "words" && other.kind !== "number") alt = other;
      else {
        note = joinNotes(`(${inner.trim()})`, note);
        noteSeparator = " ";
      }
    }
  }

  const parse = (t: string) =>
    parseIngredient(`${cutLongNumberRuns(t)} ${SENTINEL}`, {
      ignoreUOMs: ["large", "small", "medium"],
      additionalUOMs: EXTRA_UNITS,
      decimalSeparator: decimalComma ? "," : ".",
    })[0];
  const spoon = prefix ? null : SPOON_AMOUNT.exec(amountText);
  const spoonForms = spoon?.[2] ? spoonOf(spoon[2]) : undefined;
  if (spoon && spoonForms) {
    const counted = parse(spoon[1] ?? "");
    if (counted && counted.quantity !== null && counted.unitOfMeasureID === null) {
      const range = counted.quantity2 === null ? null : RANGE_SEPARATOR.exec(amountText);
      const spoonNote = joinNotes(spoon[3]?.trim() || null, note);
      return {
        kind: "piece",
        quantity: snap(counted.quantity),
        quantityMax: counted.quantity2 === null ? null : snap(counted.quantity2),
        unit: spoonForms[0],
        unitPlural: spoonForms[1],
        size: null,
        words: null,
        note: spoonNote,
        noteSeparator: spoonNote === null ? "" : spoon[3]?.trim() ? " " : noteSeparator,
        alt,
        rangeSeparator: range?.[1] ? (/^\s*[-–—]\s*$/.test(range[1]) ? "-" : range[1]) : "-",
        decimalComma,
      };
    }
  }
  let [parsed] = [parse(amountText)];
  // `1 heaped tbsp`: a size word before a measure.
  let size: string | null = null;
  const sized = SIZE_WORD.exec(amountText);
  if (sized && !prefix) {
    const unsized = parse(`${sized[1]} ${sized[3]}`);
    if (unsized?.unitOfMeasureID && UNIT_IDS[unsized.unitOfMeasureID]) {
      parsed = unsized;
      size = sized[2] ?? null;
    }
  }
  if (!parsed || parsed.quantity === null) return wordsAmount(written, null, "");
  const rest = parsed.description.replace(new RegExp(`\\s*${SENTINEL}$`), "").trim();
  const range = parsed.quantity2 === null ? null : RANGE_SEPARATOR.exec(amountText);
  const base = {
    size,
    quantityMax: parsed.quantity2 === null ? null : snap(parsed.quantity2),
    words: null,
    alt,
    rangeSeparator: range?.[1] ? (/^\s*[-–—]\s*$/.test(range[1]) ? "-" : range[1]) : "-",
    decimalComma,
  };

  const measure = parsed.unitOfMeasureID ? UNIT_IDS[parsed.unitOfMeasureID] : undefined;
  if (measure) {
    const [unit, times] = measure;
    const info = MEASURES[unit];
    // Words after a measure (`2 cups flour`) are a note.
    const restNote = rest ? joinNotes(rest, note) : note;
    return {
      ...base,
      kind: info.kind,
      quantity: snap(parsed.quantity) * times,
      quantityMax: base.quantityMax === null ? null : base.quantityMax * times,
      unit,
      unitPlural: info.plural,
      note: restNote,
      noteSeparator: restNote === null ? "" : rest ? " " : noteSeparator,
    };
  }

  // A count: of a piece noun (`2 eggs`, `3 cloves garlic`) or a bare number (`2`).
  let phrase = [prefix, parsed.unitOfMeasureID ? (parsed.unitOfMeasure ?? "") : "", rest]
    .filter(Boolean)
    .join(" ")
    .trim();
  const noteAt = NOTE_START.exec(phrase);
  if (noteAt && noteAt.index > 0) {
    const pieceNote = phrase.slice(noteAt.index).trim();
    phrase = phrase.slice(0, noteAt.index).trim();
    note = joinNotes(pieceNote, note);
    noteSeparator = " ";
  }
  const quantity = snap(parsed.quantity);
  if (!phrase) {
    return {
      ...base,
      kind: "number",
      quantity,
      unit: null,
      unitPlural: null,
      note,
      noteSeparator: note === null ? "" : noteSeparator,
    };
  }
  const words = phrase.split(" ");
  const isWord = (w: string) => /^[\p{L}][\p{L}'-]*[.,]?$/u.test(w);
  // The counted word: a unit parse-ingredient knows (`2 inches ginger`), a portion or package
  // word (`2 cloves garlic`), else the last word (`3 large onions`).
  const unitWord = parsed.unitOfMeasureID ? (parsed.unitOfMeasure ?? "") : "";
  let counted = unitWord ? words.indexOf(unitWord.split(" ")[0] ?? "") : -1;
  if (counted < 0)
    counted = words.findIndex((w) => COUNTED.has(singular(bareWord(w))) || COUNTED.has(bareWord(w)));
  if (counted < 0) counted = words.findLastIndex(isWord);
  const word = words[counted] ?? "";
  // Nothing to count (`1 (`): the text stays as written.
  if (counted < 0 || !isWord(word)) return wordsAmount(written, null, "");
  const lower = word === word.toLowerCase();
  const one = lower ? singular(word) : word;
  const isPlural = lower && one !== word;
  const invariant = word.length <= 2 || INVARIANT.has(bareWord(word));
  const many = isPlural || invariant ? word : pluralOf(one);
  const withWord = (w: string) => words.map((x, i) => (i === counted ? w : x)).join(" ");
  return {
    ...base,
    kind: "piece",
    quantity,
    unit: withWord(one),
    unitPlural: withWord(many),
    note,
    noteSeparator: note === null ? "" : noteSeparator,
  };
}

// ---------------------------------------------------------------------------------------------
// Writing

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
function toBase(amount: Amount, q: number): number {
  const info = amount.unit ? MEASURES[amount.unit as MeasureUnit] : undefined;
  return amount.kind === "piece" || amount.kind === "number" || !info ? q : q * info.base;
}

/** `exact`: metric amounts as they are (a sum of amounts as written), not rounded. */
function writeQuantity(amount: Amount, exact = false): string {
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
    default: {
      const ends = [low, high].filter((n): n is number => n !== null).map((q) => measurable(q));
      const top = (ends[ends.length - 1] as Measurable).value;
      const number = ends.map((m) => m.text).join(sep);
      if (amount.kind === "number" || !amount.unit) return number;
      return `${number} ${top > 1 ? (amount.unitPlural ?? amount.unit) : amount.unit}`;
    }
  }
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

// ---------------------------------------------------------------------------------------------
// Scaling and adding up

/** Splits what `sumAmounts` writes (`2 cups + 1 pinch`) into its amounts. */
const parts = (text: string) => text.split(/\s+\+\s+/);

/**
 * An amount as written times `factor`, written in kitchen measures: `1 1/2 cups` × 0.25 = `6 tbsp`.
 * Factor 1 returns the text unchanged; amounts in words (`a pinch`) stay as written; the note stays.
 * A factor that is not a positive finite number is a RangeError.
 */
export function scaleAmount(readable: string, factor: number): string {
  if (!Number.isFinite(factor) || factor <= 0) throw new RangeError(`Cannot scale an amount by ${factor}.`);
  if (factor === 1) return readable;
  return parts(readable)
    .map((part) => {
      const amount = readAmount(part);
      if (!amount || amount.quantity === null || (amount.quantity === 0 && !amount.quantityMax)) return part;
      return writeAmount(scaleStructured(amount, factor));
    })
    .join(" + ");
}

function scaleStructured(amount: Amount, factor: number): Amount {
  return {
    ...amount,
    quantity: amount.quantity === null ? null : amount.quantity * factor,
    quantityMax: amount.quantityMax === null ? null : amount.quantityMax * factor,
    alt: amount.alt ? scaleStructured(amount.alt, factor) : null,
  };
}

/** Which amounts add up: the same kind, and for pieces the same piece noun. */
function groupKey(amount: Amount): string {
  if (amount.kind === "piece") return `piece:${(amount.unit ?? "").toLowerCase()}`;
  if (amount.kind === "words") return `words:${(amount.words ?? "").toLowerCase()}`;
  return amount.kind;
}

/**
 * The amounts added up and written as one: `1 cup` + `4 tbsp` = `1 1/4 cups`. Amounts of
 * different kinds (US and metric, different piece nouns, words) stand side by side joined with
 * ` + `, in the order they first appear. Notes are dropped; empty texts are ignored; the same
 * amount in words twice (`a pinch` + `a pinch`) stays once (`a pinch`); a note on its own
 * (`for the water`) is dropped. A group of one amount is that amount as written, without its note.
 * Ranges add up end by end (`1-2 tbsp` + `1 tbsp` = `2-3 tbsp`).
 */
export function sumAmounts(readables: string[]): string {
  const groups = new Map<string, { amounts: Amount[]; texts: string[] }>();
  for (const readable of readables) {
    for (const part of parts(readable ?? "")) {
      const amount = readAmount(part);
      if (!amount) continue;
      if (amount.kind === "words" && /^for\b/i.test(amount.words ?? "")) continue;
      if (amount.quantity === 0 && !amount.quantityMax) continue;
      const key = groupKey(amount);
      const group = groups.get(key) ?? { amounts: [], texts: [] };
      group.amounts.push(amount);
      group.texts.push(writtenWithoutNote(part, amount));
      groups.set(key, group);
    }
  }
  const out: string[] = [];
  for (const { amounts, texts } of groups.values()) {
    const first = amounts[0] as Amount;
    if (first.kind === "words" || amounts.length === 1) {
      out.push(texts[0] as string);
      continue;
    }
    let low = 0;
    let high = 0;
    let ranged = false;
    for (const a of amounts) {
      low += toBase(a, a.quantity ?? 0);
      high += toBase(a, a.quantityMax ?? a.quantity ?? 0);
      if (a.quantityMax !== null) ranged = true;
    }
    const counted = first.kind === "piece" || first.kind === "number";
    // Measures are written from the biggest unit added: `1 cup` + `4 tbsp` reads as cups.
    let unit = first.unit;
    for (const a of amounts) {
      if (!counted && a.unit && MEASURES[a.unit as MeasureUnit].base > MEASURES[unit as MeasureUnit].base)
        unit = a.unit;
    }
    const size = counted ? 1 : MEASURES[unit as MeasureUnit].base;
    const unitPlural = counted
      ? (amounts.find((a) => a.quantity !== null && a.quantity > 1)?.unitPlural ?? first.unitPlural)
      : first.unitPlural;
    out.push(
      writeQuantity(
        {
          ...first,
          unit,
          unitPlural,
          quantity: low / size,
          quantityMax: ranged ? high / size : null,
          alt: null,
          note: null,
          decimalComma: amounts.some((a) => a.decimalComma),
          rangeSeparator: amounts.find((a) => a.quantityMax !== null)?.rangeSeparator ?? first.rangeSeparator,
        },
        true,
      ),
    );
  }
  return joinBounded(out);
}

/**
 * The longest sum written out in full, as long as an amount a person may type (500 characters): a
 * list item that 300 recipes added to must not grow past what a screen or a live message holds.
 */
export const MAX_SUM_CHARS = 500;

/** `a + b + c`, the terms that fit in MAX_SUM_CHARS, then `+ 3 more` for those that do not. */
function joinBounded(terms: string[]): string {
  let text = terms[0] ?? "";
  for (let i = 1; i < terms.length; i++) {
    const more = ` + ${terms.length - i} more`;
    const next = `${text} + ${terms[i]}`;
    const room =
      i === terms.length - 1 ? MAX_SUM_CHARS : MAX_SUM_CHARS - ` + ${terms.length - i - 1} more`.length;
    if (next.length > room) return `${text}${more}`;
    text = next;
  }
  return text;
}

/** The amount as written, without its note (and without a remark in parentheses). */
function writtenWithoutNote(part: string, amount: Amount): string {
  const text = part.replace(/\s+/g, " ").trim();
  if (!amount.note) return amount.kind === "words" ? (amount.words ?? text) : text;
  if (amount.kind === "words") return amount.words ?? text;
  const comma = noteComma(text);
  const before = comma >= 0 ? text.slice(0, comma).trim() : "";
  if (before && readAmount(before)?.note === null) return before;
  return writeAmount({ ...amount, note: null });
}

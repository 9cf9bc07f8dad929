/**
 * Amounts as people write them (`1 1/2 cups`, `½ tsp`, `2 eggs`, `250 ml`, `a pinch`) read into a
 * structure (./units.ts), which ./write.ts writes back in kitchen measures and ./sum.ts scales and
 * adds up (CONTRACT.md: "amounts: from what people write to grams, and back"). Pure functions: no I/O.
 *
 * The numbers and unit words are read as the page import reads the start of an ingredient line
 * (./line-start.ts: parse-ingredient, with `T` = tablespoon and `t` = teaspoon) with the English units
 * of the import's table (British and metric spellings such as `litre`, `cl`, `kilo`:
 * core/words/en.ts); this module adds the note and the piece nouns.
 *
 * What is read:
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
import type { UnitOfMeasureDefinitions } from "parse-ingredient";
import { EN_UNITS } from "../words/en-units.ts";
import { unitDefinitions } from "../words/units.ts";
import { unitForms } from "../words/words.ts";
import { decimalSeparator, readLineStart } from "./line-start.ts";
import { pluralOf, singular } from "./plural.ts";
import { type Amount, FRACTIONS, MEASURES, type MeasureUnit } from "./units.ts";

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

/** The English units the page import reads lines with (one table: core/words/en-units.ts). */
const EXTRA_UNITS: UnitOfMeasureDefinitions = unitDefinitions(EN_UNITS.flatMap(unitForms));

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

const bareWord = (word: string) => word.toLowerCase().replace(/[.,;:]+$/, "");

/** `1/3` comes from parse-ingredient as 0.333: thirds (and sixths) snap back to what was written. */
function snap(n: number): number {
  const sixths = n * 6;
  if (Math.abs(sixths - Math.round(sixths)) < 0.01 && Math.abs(sixths - Math.round(sixths)) > 1e-9)
    return Math.round(sixths) / 6;
  return n;
}

/** The index of the first comma that starts a note (not one between digits). */
export function noteComma(text: string): number {
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
  const numbers = decimalSeparator(amountText);
  const decimalComma = numbers.separator === ",";
  amountText = numbers.text;

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

  const parse = (t: string) => readLineStart(t, EXTRA_UNITS, numbers.separator, {}, ` ${SENTINEL}`);
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

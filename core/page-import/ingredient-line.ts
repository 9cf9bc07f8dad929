/**
 * One ingredient line as written (`2 1/2 cups (300 g) flour, sifted`, `2 EL Olivenöl`) → quantity,
 * unit, name, note and the built-in food it names, read in the page's language (./languages: units,
 * number words, vague amounts, notes, descriptive words and foods are data there, one table per
 * language). The quantity and unit are read as `readAmount` reads them (../amount/line-start.ts:
 * parse-ingredient, with the language's units); this module adds what it leaves in its
 * description: a mass stated in the line, the note (`, sifted`, `(optional)`, `to taste`, `gehackt`),
 * number words (`eine halbe`) and the vague amounts (`a pinch of`, `une pincée de`).
 */

import type { Ingredient } from "parse-ingredient";
import { decimalSeparator, readLineStart } from "../amount/line-start.ts";
import { cutLongNumberRuns } from "../amount/number-runs.ts";
import { singular } from "../amount/plural.ts";
import { BASE_UNITS } from "../words/units.ts";
import type { Food } from "./foods.ts";
import { type Lexicon, lexiconOf } from "./lexicon.ts";
import { htmlToText } from "./text.ts";

export type UnitKind = "mass" | "volume" | "count";

export type ParsedLine = {
  /** The line as written (tags stripped, entities decoded). */
  text: string;
  /** A heading inside the list (`For the sauce:`), not an ingredient. */
  isHeader: boolean;
  /** The amount (the lower bound of a range), or null when the line gives none. */
  quantity: number | null;
  /** The upper bound of a range (`1-2 cloves` → 2). */
  quantityMax: number | null;
  /** parse-ingredient's unit id (`cup`, `gram`, `clove`), or null for a count of the food itself. */
  unit: string | null;
  unitKind: UnitKind | null;
  /** The amount as written (`2 1/2 cups (300 g)`), at most 100 characters. */
  amountReadable: string;
  /** The food (`flour`), without the note. */
  name: string;
  note: string | null;
  /** A mass the line itself states besides its amount (`(300 g)`, `1 (14 oz) can`), in grams. */
  givenGrams: number | null;
  /** Millilitres (grams for a mass) in one unit when the language fixes its size (`EL` = 15), else null. */
  unitSize: number | null;
  /** The built-in food the name means in the line's language (`Olivenöl` → Olive oil), if any. */
  food: Food | undefined;
  /**
   * The built-in food an existing ingredient is matched by (Lexicon.namedFood: `Zucker` → Sugar,
   * `large eggs` → Egg, not `red onion` → Onion): named in any language, it is this food.
   */
  namedFood: Food | undefined;
  /** A second amount added to `quantity`, in its unit (`1 tbsp + 1 tsp` → 1/3), weighed with it. */
  added?: number;
};

/** Grams or millilitres per unit; `metric` reads cups and spoons as 250/15/5 ml and pints as imperial. */
export function unitFactor(unit: string, system: "us" | "metric"): number | null {
  const factor = BASE_UNITS[unit]?.conversionFactor;
  if (factor === undefined) return null;
  if (typeof factor === "number") return factor;
  return (system === "metric" ? (factor.metric ?? factor.imperial) : factor.us) ?? factor.us ?? null;
}

export function unitKindOf(unit: string): UnitKind | null {
  const type = BASE_UNITS[unit]?.type;
  if (type === "mass" || type === "volume") return type;
  if (type === "count") return "count";
  return null;
}

/** `to taste salt`: the phrase is the amount, the grams are unknown. */
const LEADING_PHRASE = /^(to taste|as needed)\s+(?=\S)/i;
/**
 * This service's JSON-LD writes a line as `amount name (N g)`, and an amount may be words:
 * `juice of 1 Lemon (40 g)`, `for the water Salt (10 g)`. With the grams stated, the phrase is the
 * amount; without them `For the pizza dough` is a heading and `juice of 1 lemon` is lemon juice.
 */
const AMOUNT_PHRASE =
  /^((?:the\s+)?(?:juice|zest|zest and juice) of (?:\d+|an?|one|half an?|½)|for (?:the )?\S+)\s+(?=\S)/i;
/** `Juice of 1 lemon` → `1 lemon juice`. */
const JUICE_OF = /^(?:the\s+)?(juice|zest) of (\d+(?:\/\d+)?|[½¼¾]|an?|one|half an?)\s+([^,(]*[^,(\s])(.*)$/i;
/** A mass in parentheses closing the line (`Tomatoes (400 g)`, how this service's JSON-LD ends a line). */
const CLOSING_MASS =
  /(?<=\S)\s*\(\s*(\d+(?:[.,]\d+)?)\s*(g|grams?|kg|kilograms?|oz|ounces?|lbs?|pounds?)\s*\)\s*$/i;
/** A weight in parentheses with words around it: `(about 4 pounds)`, `(à ca. 180 g)`, `(14 oz each)`. */
const WEIGHT_ASIDE =
  /\(([^\d()½¼¾]*?)\s*((?:\d+(?:[.,]\d+)?)?(?:\s*(?:[½¼¾]|\d\/\d))?)\s*(g|gr|grams?|gramm|grammes?|kg|kilos?|kilograms?|oz|ounces?|lbs?|pounds?)\.?(?!\p{L})([^\d()]*)\)/iu;
const MASS_UNITS: Record<string, string> = { g: "gram", k: "kilogram", o: "ounce", l: "pound", p: "pound" };
/** Grams in `number` of the mass unit written `unit` (`g`, `kg`, `oz`, `pounds`), `1,5` as 1.5. */
const massGrams = (number: string, unit: string) =>
  amountValue(number) * (unitFactor(MASS_UNITS[unit.charAt(0).toLowerCase()] ?? "", "us") ?? 0);
const UNICODE_FRACTIONS: Readonly<Record<string, number>> = { "½": 0.5, "¼": 0.25, "¾": 0.75 };
/** `1,5`, `1 1/2`, `1½`, `½` → their value (0 when none). */
const amountValue = (number: string) =>
  (number.match(/\d+(?:[.,]\d+)?(?:\/\d+)?|[½¼¾]/g) ?? []).reduce((sum, part) => {
    const [a = "", b] = part.replace(",", ".").split("/");
    return sum + (UNICODE_FRACTIONS[a] ?? Number(a) / Number(b ?? 1));
  }, 0);
const NUMBER = "[\\d½¼¾⅓⅔⅛⅜⅝⅞]";
/** The amount's number (`2`, `1 1/2`, `1,5-2`) and the word after it. */
const NUMBER_THEN_WORD = new RegExp(`^(${NUMBER}\\S*(?:\\s+${NUMBER}\\S*)?)\\s+(\\S+)\\s+`);
/**
 * The same amount in another measure after a slash (`200g/7oz`, `150ml/¼ pint`, `1 tbsp/15ml`): the
 * first one is read, the other goes to the note.
 */
const ALTERNATIVE =
  /^(\d[\d.,]*\s*[a-z]+\.?)\s*\/\s*([\d½¼¾⅓⅔⅛][\d½¼¾⅓⅔⅛.,/ ]*\s*(?:fl\.?\s*)?[a-z]+\.?(?:\s+\d[\d½¼¾]*\s*[a-z]+)?)(?=\s)/i;
/** `½ cup + 2 tbsp`, `1 cup plus 2 tablespoons`: a second amount added to the first. */
const PLUS = /^(?:\+|plus)\s*(?=[\d½¼¾⅓⅔⅛])/i;
/** `2 x 400g tins`: a count of packages of a stated size. */
const TIMES = /^(\d+)\s*[x×]\s*(?=\d)/i;
/** Packages a food comes in: `1 (14 oz) can`, `2 x 400g tins`. */
const CONTAINERS = new Set(
  "can cans tin tins jar jars package packages pack packs packet packets bag bags box boxes carton cartons container containers bottle bottles".split(
    " ",
  ),
);
const FRACTIONS: Readonly<Record<number, string>> = { 0.25: "1/4", 0.5: "1/2", 0.75: "3/4" };
/** A number word's value as a cook writes it: 0.5 → `1/2`, 1.5 → `1 1/2`. */
function numberText(value: number): string {
  const whole = Math.floor(value);
  const fraction = FRACTIONS[value - whole];
  if (!fraction) return String(value);
  return whole ? `${whole} ${fraction}` : fraction;
}

const round = (n: number, places = 3) => Math.round(n * 10 ** places) / 10 ** places;
/** Units of several words were joined for parse-ingredient (`c._à_soupe`): as written again. */
const unjoin = (text: string) => text.replace(/_/g, " ");

/**
 * A measurement at the very start of the description (`(300 g) flour`, `(14 oz) can`), with its
 * grams when it is a mass.
 */
function leadingMeasurement(
  parsed: Ingredient,
): { grams: number | null; text: string; at: number; end: number } | undefined {
  const m = parsed.descriptionMeasurements?.[0];
  if (!m || m.startIndex > 1) return undefined;
  const factor = m.unitType === "mass" ? unitFactor(m.unitOfMeasureID, "us") : null;
  return {
    grams: factor === null ? null : m.quantity * factor,
    text: m.text,
    at: m.startIndex,
    end: m.endIndex,
  };
}

/** A word that says how, not what: the language's descriptive words, and English adverbs (`finely`). */
const isHow = (word: string, lexicon: Lexicon) =>
  lexicon.isDescriptive(word) || (lexicon.english && /ly,?$/i.test(word) && word.length > 4);

/**
 * Splits a description into the food's name and the note around it; `full` is the name with the
 * words that say how (`carne moída`, `gemahlene Mandeln`), which some foods are named by.
 */
function nameAndNote(description: string, notes: string[], lexicon: Lexicon): { name: string; full: string } {
  let rest = description
    .replace(/\s+/g, " ")
    .trim()
    // `Zwiebel(n)`, `Ei(er)`, `egg(s)`: the plural's ending glued to the word, not a remark.
    .replace(/(?<=\p{L})\(\p{Ll}{1,3}\)(?!\p{L})/gu, "");
  // Parenthesised remarks: `(optional)`, `(about 2 cups)`, `(Größe M)`.
  rest = rest.replace(/\(([^()]*)\)/g, (_, inner: string) => {
    if (inner.trim()) notes.push(inner.trim());
    return " ";
  });
  // `, melted butter`: a remark right after the amount (`2 tbsp, melted`) comes before the food.
  rest = rest.replace(/^\s*,\s*/, "");
  const comma = rest.indexOf(",");
  let tail = "";
  if (comma >= 0) {
    tail = rest.slice(comma + 1).trim();
    rest = rest.slice(0, comma);
  }
  const trailingNotes: string[] = [];
  for (let note = lexicon.noteAtEnd(rest); note && note.at > 0; note = lexicon.noteAtEnd(rest)) {
    trailingNotes.unshift(note.note.toLowerCase());
    rest = rest.slice(0, note.at).replace(/[\s,]+$/, "");
  }
  // `de farine`, `d'huile`, `of sugar`: the word before the food.
  rest = rest.trim();
  rest = rest.slice(lexicon.ofAt(rest));
  const words = rest.split(" ").filter(Boolean);
  const leading: string[] = [];
  while (words.length > 1) {
    const word = (words[0] ?? "").replace(/,$/, "");
    const lower = word.toLowerCase();
    if (lower === "x" || lexicon.ofAt(`${word} x`) === word.length + 1) words.shift();
    else if (isHow(word, lexicon) || CONTAINERS.has(lower)) {
      leading.push(words.shift() ?? "");
      // `freshly ground pepper`: ground is how, not what (unlike `ground beef`).
      if (/ly$/.test(lower) && words[0]?.toLowerCase() === "ground" && words.length > 1)
        leading.push(words.shift() ?? "");
    } else break;
  }
  // `oignon finement haché`, `cebolla picada`: words after the food that say how (with `und` between).
  let end = words.length;
  while (
    end > 1 &&
    (isHow(words[end - 1] ?? "", lexicon) ||
      (lexicon.isAnd(words[end - 1] ?? "") &&
        end > 2 &&
        end < words.length &&
        isHow(words[end - 2] ?? "", lexicon)))
  )
    end -= 1;
  const following = words.splice(end);
  if (leading.length) notes.unshift(leading.join(" "));
  if (following.length) notes.push(following.join(" "));
  notes.push(...trailingNotes);
  if (tail) notes.push(tail);
  return { name: words.join(" ").trim(), full: [...leading, ...words, ...following].join(" ") };
}

const joinNotes = (notes: string[]) => {
  const text = notes
    .map((n) => n.trim())
    .filter(Boolean)
    .join(", ");
  return text || null;
};

/**
 * Parses one ingredient line in the page's `language` (ISO 639-1, any case or region: `de`, `pt-BR`;
 * undefined or a language without a table: English plus the units every table agrees on, and foods
 * looked for in every table). `decimalComma` says the page writes decimal commas (`0,5 kg`); it
 * defaults to what the language does, and without either a comma followed by one or two digits is one.
 */
export function parseIngredientLine(
  written: string,
  options: { decimalComma?: boolean; language?: string | undefined } = {},
): ParsedLine {
  const lexicon = lexiconOf(options.language);
  const text = htmlToText(written).slice(0, 500);
  const base: ParsedLine = {
    text,
    isHeader: false,
    quantity: null,
    quantityMax: null,
    unit: null,
    unitKind: null,
    amountReadable: "",
    name: text,
    note: null,
    givenGrams: null,
    unitSize: null,
    food: undefined,
    namedFood: undefined,
  };
  if (/:$/.test(text) && !/\d/.test(text)) return { ...base, isHeader: true, name: text.slice(0, -1).trim() };
  // The food, looked up by the name with its how-words when there are some (`carne moída`).
  let full = "";
  const withFood = (parsed: ParsedLine): ParsedLine => ({
    ...parsed,
    food:
      (full && full !== parsed.name ? lexicon.findFood(full) : undefined) ?? lexicon.findFood(parsed.name),
    namedFood: lexicon.namedFood(parsed.name),
  });

  // The grams the line states at its end, whatever comes before them.
  const closing = CLOSING_MASS.exec(text);
  const line = closing ? text.slice(0, closing.index) : text;
  const closingGrams = closing ? round(massGrams(closing[1] ?? "", closing[2] ?? ""), 1) : null;
  const withGrams = (parsed: ParsedLine): ParsedLine =>
    withFood(closingGrams === null ? parsed : { ...parsed, isHeader: false, givenGrams: closingGrams });

  const notes: string[] = [];
  const phrase = LEADING_PHRASE.exec(line) ?? (closing ? AMOUNT_PHRASE.exec(line) : null);
  if (phrase) {
    let name: string;
    ({ name, full } = nameAndNote(line.slice(phrase[0].length), notes, lexicon));
    return withGrams({ ...base, amountReadable: (phrase[1] ?? "").trim(), name, note: joinNotes(notes) });
  }
  const vague = lexicon.vagueAt(line);
  if (vague) {
    // `a few sprigs of dill`, `ein paar Zweige Thymian`: the unit is there even when the number is not.
    let rest = line.slice(vague.length).trimStart();
    let amountReadable = vague.amount;
    const unitWord = /^(\S+)\s+/.exec(rest);
    const unit = unitWord?.[1] ? lexicon.unitOf(unitWord[1]) : undefined;
    const counted = unitWord && unit && unitKindOf(unit) === "count" ? unit : null;
    if (unitWord && counted) {
      amountReadable += ` ${unitWord[1]}`;
      rest = rest.slice(unitWord[0].length);
      rest = rest.slice(lexicon.ofAt(rest));
    }
    let name: string;
    ({ name, full } = nameAndNote(rest, notes, lexicon));
    return withGrams({ ...base, amountReadable, unit: counted, name, note: joinNotes(notes) });
  }

  const juice = lexicon.english ? JUICE_OF.exec(line) : null;
  let working = juice
    ? `${/^[\d½¼¾]/.test(juice[2] ?? "") ? juice[2] : /^h/i.test(juice[2] ?? "") ? "1/2" : 1} ${juice[3]?.replace(/[a-z]+$/, singular)} ${juice[1]?.toLowerCase()}${juice[4]}`
    : line;
  if (lexicon.english)
    // Cookbook shorthand: a capital T is a tablespoon, a small t a teaspoon.
    working = working
      .replace(/^([\d½¼¾⅓⅔⅛/.\s-]+)T\.?(?=\s)/, "$1tbsp")
      .replace(/^([\d½¼¾⅓⅔⅛/.\s-]+)t\.?(?=\s)/, "$1tsp");
  // `ca. 200 g`, `about 2 cups`: the amount, said to be approximate in the note.
  const about = lexicon.aboutAt(working);
  if (about) {
    notes.push(working.slice(0, about).trim());
    working = working.slice(about);
  }
  // `eine halbe Zitrone`, `two eggs`, `un oignon`: the number written as words.
  const numberWord = lexicon.numberAt(working);
  if (numberWord) working = `${numberText(numberWord.value)}${working.slice(numberWord.length)}`;
  working = lexicon.joinUnits(working);
  // `1 heaped tbsp`, `1 gestrichener TL`, `3 large eggs`: a size or how-word between the number and the unit.
  const amountWord = NUMBER_THEN_WORD.exec(working);
  if (amountWord?.[2] && isHow(amountWord[2], lexicon) && !unitKindOf(lexicon.unitOf(amountWord[2]) ?? "")) {
    notes.push(amountWord[2].toLowerCase());
    working = `${amountWord[1]} ${working.slice(amountWord[0].length)}`;
  }
  const alternative = ALTERNATIVE.exec(working);
  if (alternative) {
    notes.push(alternative[2] ?? "");
    working = `${alternative[1]}${working.slice(alternative[0].length)}`;
  }
  // `(45g)`: parse-ingredient reads a measurement in parentheses with a space before its unit.
  working = working.replace(/(\(\s*\d[\d.,/]*)(?=[a-z])/gi, "$1 ");
  const times = TIMES.exec(working);
  if (times) working = working.slice(times[0].length);
  const { text: numeric, separator } = decimalSeparator(
    cutLongNumberRuns(working),
    options.decimalComma ?? lexicon.language?.decimalComma,
  );

  const parse = (written: string) =>
    readLineStart(written, lexicon.units, separator, {
      descriptionMeasurements: true,
      rangeSeparators: lexicon.ranges,
      groupHeaderPatterns: lexicon.headers,
      descriptionStripPrefixes: [],
    });
  const parsed = parse(numeric);
  if (!parsed) return withGrams(base);
  // `For the sauce`, `Für den Teig`: a heading, unless it goes on after a colon (`Zum Bestreuen: Zucker`).
  if (parsed.isGroupHeader && closingGrams === null && !/:\s*\S/.test(text))
    return { ...base, isHeader: true, name: text.replace(/:$/, "").trim() };

  let quantity = parsed.quantity;
  let quantityMax = parsed.quantity2;
  let unit = parsed.unitOfMeasureID;
  let description = unjoin(parsed.description);
  let givenGrams: number | null = closingGrams;
  let added = 0;

  // `1/2 cup + 2 tablespoons sugar`: the second amount, in the first one's unit, is weighed too.
  const plus = PLUS.exec(description);
  const more = plus && parse(description.slice(plus[0].length));
  const kind = unit ? unitKindOf(unit) : null;
  if (
    more?.quantity &&
    more.unitOfMeasureID &&
    unit &&
    kind !== "count" &&
    unitKindOf(more.unitOfMeasureID) === kind
  ) {
    added = (more.quantity * (unitFactor(more.unitOfMeasureID, "us") ?? 0)) / (unitFactor(unit, "us") ?? 1);
    notes.push(description.slice(0, description.length - more.description.length).trim());
    description = more.description;
  }

  // `2 x 400g tins chickpeas`: two packages of 400 g.
  if (times && quantity !== null && unit && unitKindOf(unit) === "mass") {
    const perPackage = quantity * (unitFactor(unit, "us") ?? 0);
    quantity = Number(times[1]);
    givenGrams = quantity * perPackage;
    unit = null;
    quantityMax = null;
  }

  // A measurement right after the amount belongs to it: `(300 g)`, `1 (14 oz) can`, `(240 ml)`.
  const stated = added ? undefined : leadingMeasurement(parsed);
  if (stated) {
    description = `${description.slice(0, stated.at)} ${description.slice(stated.end)}`
      .replace(/^\s*\(\s*\)/, "")
      .trim();
    // A mass per package (`1 (14 oz) can`) counts once per package; after a volume or mass it is the total.
    const perPiece = unit === null || unitKindOf(unit) === "count";
    if (stated.grams !== null && givenGrams === null) {
      givenGrams = perPiece && quantity !== null ? quantity * stated.grams : stated.grams;
    }
  }

  // The amount as written: the text before the description (what parse-ingredient kept as the food).
  const descriptionAt = numeric.lastIndexOf(parsed.description);
  let amountReadable = unjoin(descriptionAt > 0 ? numeric.slice(0, descriptionAt) : "");
  amountReadable = amountReadable.replace(/\s+of\s*$/i, "").trim();
  if (stated) amountReadable += ` (${stated.text})`;
  if (times) amountReadable = `${times[0].trim()} ${amountReadable}`;
  if (!amountReadable && quantity !== null) amountReadable = String(quantity);

  // `1 (14 oz) can tomatoes`, `2 x 400g tins chickpeas`: the package is the unit.
  const container = /^(\S+?),?\s+/.exec(description);
  const containerWord = container?.[1]?.toLowerCase() ?? "";
  if (unit === null && quantity !== null && CONTAINERS.has(containerWord)) {
    unit = singular(containerWord);
    amountReadable += ` ${container?.[1]}`;
    description = description.slice(container?.[0].length ?? 0);
  }

  // `1 whole chicken (about 4 pounds)`, `4 Rinderrouladen (à ca. 180 g)`: pieces the line weighs.
  if (givenGrams === null && quantity !== null && (unit === null || unitKindOf(unit) === "count")) {
    const aside = WEIGHT_ASIDE.exec(description);
    const grams = aside ? massGrams(aside[2] ?? "", aside[3] ?? "") : 0;
    if (aside && grams) givenGrams = lexicon.saysEach(`${aside[1]} ${aside[4]}`) ? quantity * grams : grams;
  }

  if (quantityMax !== null && quantity !== null) notes.push(`up to ${round(quantityMax)}`);
  const named = nameAndNote(description, notes, lexicon);
  full = named.full;
  let name = named.name || text;
  // `2 garlic cloves`, `3 celery sticks`: the unit written after the food.
  const trailingUnit =
    /^(.+?)\s+(cloves?|stalks?|sticks?|sprigs?|slices?|fillets?|ribs?|spears?|sheets?)$/i.exec(name);
  if (unit === null && quantity !== null && trailingUnit?.[1] && trailingUnit[2]) {
    unit = singular(trailingUnit[2].toLowerCase());
    name = trailingUnit[1];
  }
  const unitSize = unit && parsed.unitOfMeasure ? lexicon.sizeOf(parsed.unitOfMeasure) : undefined;
  return withFood({
    ...base,
    quantity: quantity === null ? null : round(quantity),
    quantityMax: quantityMax === null ? null : round(quantityMax),
    unit,
    unitKind: quantity === null ? null : unit ? unitKindOf(unit) : "count",
    amountReadable: amountReadable.slice(0, 100),
    name,
    note: joinNotes(notes),
    givenGrams: givenGrams === null ? null : round(givenGrams, 1),
    unitSize: unitSize ?? null,
    ...(added && { added: round(added) }),
  });
}

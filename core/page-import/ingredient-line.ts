/**
 * One ingredient line as written (`2 1/2 cups (300 g) flour, sifted`) → quantity, unit, name, note.
 * The quantity and unit come from parse-ingredient (fractions, unicode fractions, ranges, mixed
 * numbers, unit spellings); this module adds what it leaves in its description: a mass stated in the
 * line, the note (`, sifted`, `(optional)`, `to taste`, descriptive words), decimal commas and the
 * vague amounts (`a pinch of`).
 */
import {
  type Ingredient,
  parseIngredient,
  type UnitOfMeasureDefinitions,
  unitsOfMeasure,
} from "parse-ingredient";
import { singular } from "./singular.ts";
import { DESCRIPTIVE_WORDS, htmlToText } from "./text.ts";

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
};

// Units parse-ingredient does not know; without them `2 slices bread` would be bread named "slices bread".
const EXTRA_UNITS: UnitOfMeasureDefinitions = Object.fromEntries(
  [
    ["slice", "slices"],
    ["fillet", "fillets"],
    ["stalk", "stalks"],
    ["rib", "ribs"],
    ["knob", "knobs"],
    ["packet", "packets"],
    ["envelope", "envelopes"],
    ["sheet", "sheets"],
    ["tin", "tins"],
    ["jar", "jars"],
    ["block", "blocks"],
    ["rasher", "rashers"],
    ["spear", "spears"],
    ["bulb", "bulbs"],
    ["thumb", "thumbs"],
    ["handful", "handfuls"],
    ["ball", "balls"],
    ["batch", "batches"],
  ].map(([short, plural]) => [
    short,
    { short: short as string, plural: plural as string, type: "count" as const },
  ]),
);

// British spellings parse-ingredient does not list.
for (const [unit, spellings] of [
  ["liter", ["litre", "litres"]],
  ["milliliter", ["millilitre", "millilitres"]],
  ["deciliter", ["decilitre", "decilitres"]],
] as const) {
  const known = unitsOfMeasure[unit];
  if (known) EXTRA_UNITS[unit] = { ...known, alternates: [...(known.alternates ?? []), ...spellings] };
}

const ALL_UNITS: UnitOfMeasureDefinitions = { ...unitsOfMeasure, ...EXTRA_UNITS };

/** Grams or millilitres per unit; `metric` reads cups and spoons as 250/15/5 ml and pints as imperial. */
export function unitFactor(unit: string, system: "us" | "metric"): number | null {
  const factor = ALL_UNITS[unit]?.conversionFactor;
  if (factor === undefined) return null;
  if (typeof factor === "number") return factor;
  return (system === "metric" ? (factor.metric ?? factor.imperial) : factor.us) ?? factor.us ?? null;
}

export function unitKindOf(unit: string): UnitKind | null {
  const type = ALL_UNITS[unit]?.type;
  if (type === "mass" || type === "volume") return type;
  if (type === "count") return "count";
  return null;
}

/** Amounts without a number: the whole phrase is the amount, the grams are unknown. */
const VAGUE =
  /^(?:a|an|one|some)?\s*(pinch|dash|handful|splash|sprinkle|drizzle|squeeze|knob|few|couple)(?:es|s)?,?\s+(?:of\s+)?/i;
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
const JUICE_OF = /^(?:the\s+)?(juice|zest) of (\d+|an?|one)\s+([^,(]*[^,(\s])(.*)$/i;
/** A mass in parentheses closing the line (`Tomatoes (400 g)`, how this service's JSON-LD ends a line). */
const CLOSING_MASS =
  /(?<=\S)\s*\(\s*(\d+(?:[.,]\d+)?)\s*(g|grams?|kg|kilograms?|oz|ounces?|lbs?|pounds?)\s*\)\s*$/i;
const MASS_UNITS: Record<string, string> = { g: "gram", k: "kilogram", o: "ounce", l: "pound", p: "pound" };
/** Size and measure words between the number and the unit (`1 heaped tbsp`, `3 large eggs`). */
const AMOUNT_WORDS =
  /^([\d½¼¾⅓⅔⅛⅜⅝⅞]\S*(?:\s+[\d½¼¾⅓⅔⅛⅜⅝⅞]\S*)?)\s+(heaped|heaping|level|rounded|scant|generous|large|small|medium|extra-large|big)\s+/i;
/** `2 x 400g tins`: a count of packages of a stated size. */
const TIMES = /^(\d+)\s*[x×]\s*(?=\d)/i;
const TRAILING_NOTES =
  /\s*,?\s*\b(to taste|or to taste|for serving|for garnish|to serve|to garnish|as needed|if needed|divided|optional|or more)\s*$/i;
/** Packages a food comes in: `1 (14 oz) can`, `2 x 400g tins`. */
const CONTAINERS = new Set(
  "can cans tin tins jar jars package packages pack packs packet packets bag bags box boxes carton cartons container containers bottle bottles".split(
    " ",
  ),
);

/** `1,5` is one and a half unless the comma is followed by three digits (`1,000 g`), or the page says so. */
function normalizeNumbers(text: string, decimalComma: boolean): { text: string; separator: "." | "," } {
  if (decimalComma) return { text, separator: "," };
  if (/(^|[^\d,])\d+,\d{1,2}(?!\d)/.test(text)) return { text, separator: "," };
  return { text: text.replace(/(\d),(\d{3})(?!\d)/g, "$1$2"), separator: "." };
}

const round = (n: number, places = 3) => Math.round(n * 10 ** places) / 10 ** places;

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

/** Splits a description into the food's name and the note around it. */
function nameAndNote(description: string, notes: string[]): string {
  let rest = description.replace(/\s+/g, " ").trim();
  // Parenthesised remarks: `(optional)`, `(about 2 cups)`.
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
  let trailing = TRAILING_NOTES.exec(rest);
  while (trailing) {
    notes.push(trailing[1]?.toLowerCase() ?? "");
    rest = rest.slice(0, trailing.index);
    trailing = TRAILING_NOTES.exec(rest);
  }
  const words = rest.trim().split(" ").filter(Boolean);
  const leading: string[] = [];
  while (words.length > 1) {
    const word = (words[0] ?? "").toLowerCase().replace(/,$/, "");
    if (word === "of" || word === "x") words.shift();
    else if (DESCRIPTIVE_WORDS.has(word) || CONTAINERS.has(word) || (/ly$/.test(word) && word.length > 4)) {
      leading.push(words.shift() ?? "");
      // `freshly ground pepper`: ground is how, not what (unlike `ground beef`).
      if (/ly$/.test(word) && words[0]?.toLowerCase() === "ground" && words.length > 1)
        leading.push(words.shift() ?? "");
    } else break;
  }
  if (leading.length) notes.unshift(leading.join(" "));
  if (tail) notes.push(tail);
  return words.join(" ").trim();
}

const joinNotes = (notes: string[]) => {
  const text = notes
    .map((n) => n.trim())
    .filter(Boolean)
    .join(", ");
  return text || null;
};

/**
 * Parses one ingredient line. `decimalComma` reads every comma between digits as a decimal comma
 * (a page in a language that writes `0,5 kg`); without it a comma followed by one or two digits is.
 */
export function parseIngredientLine(written: string, options: { decimalComma?: boolean } = {}): ParsedLine {
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
  };
  if (/:$/.test(text) && !/\d/.test(text)) return { ...base, isHeader: true, name: text.slice(0, -1).trim() };

  // The grams the line states at its end, whatever comes before them.
  const closing = CLOSING_MASS.exec(text);
  const line = closing ? text.slice(0, closing.index) : text;
  const closingGrams = closing
    ? round(
        Number(closing[1]?.replace(",", ".")) *
          (unitFactor(MASS_UNITS[closing[2]?.charAt(0).toLowerCase() ?? ""] ?? "", "us") ?? 0),
        1,
      )
    : null;
  const withGrams = (parsed: ParsedLine): ParsedLine =>
    closingGrams === null ? parsed : { ...parsed, isHeader: false, givenGrams: closingGrams };

  const notes: string[] = [];
  const phrase = LEADING_PHRASE.exec(line) ?? (closing ? AMOUNT_PHRASE.exec(line) : null);
  if (phrase) {
    const name = nameAndNote(line.slice(phrase[0].length), notes);
    return withGrams({ ...base, amountReadable: (phrase[1] ?? "").trim(), name, note: joinNotes(notes) });
  }
  const vague = VAGUE.exec(line);
  if (vague) {
    // `a few sprigs of dill`: the unit is there even when the number is not.
    const rest = line.slice(vague[0].length);
    const unitWord = /^(sprigs?|cloves?|slices?|stalks?|leaves)\s+(?:of\s+)?/i.exec(rest);
    const name = nameAndNote(unitWord ? rest.slice(unitWord[0].length) : rest, notes);
    return withGrams({
      ...base,
      amountReadable: (unitWord ? `${vague[0]}${unitWord[1]}` : vague[0])
        .replace(/\s+of\s*$/i, "")
        .trim()
        .replace(/,$/, ""),
      unit: unitWord?.[1] ? singular(unitWord[1].toLowerCase()) : null,
      name,
      note: joinNotes(notes),
    });
  }

  const juice = JUICE_OF.exec(line);
  let working = (
    juice
      ? `${/^\d/.test(juice[2] ?? "") ? juice[2] : 1} ${juice[3]?.replace(/[a-z]+$/, singular)} ${juice[1]?.toLowerCase()}${juice[4]}`
      : line
  )
    // Cookbook shorthand: a capital T is a tablespoon, a small t a teaspoon.
    .replace(/^([\d½¼¾⅓⅔⅛/.\s-]+)T\.?(?=\s)/, "$1tbsp")
    .replace(/^([\d½¼¾⅓⅔⅛/.\s-]+)t\.?(?=\s)/, "$1tsp")
    // `a bunch of`, `an onion`: one.
    .replace(
      /^an?\s+(?=(?:(?:small|large|medium|big)\s+)?(?:bunch|head|clove|sprig|stick|can|tin|jar|package|packet|knob|slice|stalk|sheet)\b)/i,
      "1 ",
    );
  const amountWord = AMOUNT_WORDS.exec(working);
  if (amountWord?.[2]) {
    notes.push(amountWord[2].toLowerCase());
    working = `${amountWord[1]} ${working.slice(amountWord[0].length)}`;
  }
  const times = TIMES.exec(working);
  if (times) working = working.slice(times[0].length);
  const { text: numeric, separator } = normalizeNumbers(working, options.decimalComma ?? false);

  const [parsed] = parseIngredient(numeric, {
    ignoreUOMs: ["large", "small", "medium"],
    additionalUOMs: EXTRA_UNITS,
    decimalSeparator: separator,
    descriptionMeasurements: true,
  });
  if (!parsed) return withGrams(base);
  if (parsed.isGroupHeader && closingGrams === null)
    return { ...base, isHeader: true, name: text.replace(/:$/, "").trim() };

  let quantity = parsed.quantity;
  let quantityMax = parsed.quantity2;
  let unit = parsed.unitOfMeasureID;
  let description = parsed.description;
  let givenGrams: number | null = closingGrams;

  // `2 x 400g tins chickpeas`: two packages of 400 g.
  if (times && quantity !== null && unit && unitKindOf(unit) === "mass") {
    const perPackage = quantity * (unitFactor(unit, "us") ?? 0);
    quantity = Number(times[1]);
    givenGrams = quantity * perPackage;
    unit = null;
    quantityMax = null;
  }

  // A measurement right after the amount belongs to it: `(300 g)`, `1 (14 oz) can`, `(240 ml)`.
  const stated = leadingMeasurement(parsed);
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
  let amountReadable = descriptionAt > 0 ? numeric.slice(0, descriptionAt) : "";
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

  if (quantityMax !== null && quantity !== null) notes.push(`up to ${round(quantityMax)}`);
  let name = nameAndNote(description, notes) || text;
  // `2 garlic cloves`, `3 celery sticks`: the unit written after the food.
  const trailingUnit = /^(.+?)\s+(cloves?|stalks?|sticks?|sprigs?|slices?|fillets?|ribs?|spears?)$/i.exec(
    name,
  );
  if (unit === null && quantity !== null && trailingUnit?.[1] && trailingUnit[2]) {
    unit = singular(trailingUnit[2].toLowerCase());
    name = trailingUnit[1];
  }
  return {
    ...base,
    quantity: quantity === null ? null : round(quantity),
    quantityMax: quantityMax === null ? null : round(quantityMax),
    unit,
    unitKind: quantity === null ? null : unit ? unitKindOf(unit) : "count",
    amountReadable: amountReadable.slice(0, 100),
    name,
    note: joinNotes(notes),
    givenGrams: givenGrams === null ? null : round(givenGrams, 1),
  };
}

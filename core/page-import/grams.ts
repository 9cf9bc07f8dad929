/**
 * Grams for a parsed ingredient line (CONTRACT.md: import, `grams_from`):
 * `given` (the line states a mass: it wins), `mass` (g, kg, oz, lb: exact), `volume` (× the
 * ingredient's own density, else the built-in table's, else water's for a liquid measure), `piece`
 * (a count × the weight of one piece, the ingredient's own or the table's), or `unknown`. A unit
 * whose size the line's language fixes (`EL` = 15 ml) is read at that size.
 */
import type { Food } from "./foods.ts";
import { type ParsedLine, unitFactor } from "./ingredient-line.ts";

export type GramsFrom = "mass" | "volume" | "piece" | "given" | "unknown";

/** The weights an existing ingredient carries. */
export type OwnWeights = { name: string; grams_per_ml: number | null; grams_per_piece: number | null };

export type Grams = {
  grams: number | null;
  from: GramsFrom;
  /** True when the built-in table supplied the weight: the user should check it. */
  estimated: boolean;
  /** How the grams were found, for people: `2 cups × 125 g per cup (Flour, built-in table)`. */
  how: string;
};

/**
 * Units only liquids are measured in (not cups and spoons, which measure flour too): a food the
 * table does not know, measured so, is taken at water's density, 1 g per ml, and the line's warning
 * says so.
 */
const LIQUID_UNITS = new Set([
  "milliliter",
  "centiliter",
  "deciliter",
  "liter",
  "fluid ounce",
  "pint",
  "quart",
  "gallon",
  "drop",
  "glass",
]);

/** Count units that mean one piece of the food itself (`2 stalks celery` = 2 pieces). */
const PIECE_UNITS = new Set(["piece", "stalk", "rib", "fillet"]);

const round1 = (n: number) => Math.round(n * 10) / 10;
const show = (n: number) => String(round1(n));

/**
 * `system` is how cups and spoons are read: US customary unless the page says otherwise.
 * `own` is the matched ingredient's weights (they come first), `food` the built-in table's entry.
 */
export function gramsFor(
  line: ParsedLine,
  own: OwnWeights | undefined,
  food: Food | undefined,
  system: "us" | "metric" = "us",
): Grams {
  const amount = line.amountReadable || line.text;
  if (line.givenGrams !== null) {
    return {
      grams: line.givenGrams,
      from: "given",
      estimated: false,
      how: `${show(line.givenGrams)} g as written`,
    };
  }
  // `1 tbsp + 1 tsp`: the added amount is weighed with the first.
  const quantity = line.quantity === null ? null : line.quantity + (line.added ?? 0);
  const unknown = (why: string): Grams => ({ grams: null, from: "unknown", estimated: false, how: why });
  if (quantity === null) return unknown(`'${line.text}' gives no amount to weigh`);

  if (line.unitKind === "mass" && line.unit) {
    const factor = line.unitSize ?? unitFactor(line.unit, system) ?? 0;
    return {
      grams: round1(quantity * factor),
      from: "mass",
      estimated: false,
      how: `${amount} = ${show(quantity * factor)} g`,
    };
  }

  const source = (isOwn: boolean) => (isOwn ? `(${own?.name})` : `(${food?.name}, built-in table)`);

  if (line.unitKind === "volume" && line.unit) {
    const ml = line.unitSize ?? unitFactor(line.unit, system);
    if (ml === null) return unknown(`'${amount}' has no fixed volume`);
    const density = own?.grams_per_ml ?? food?.gramsPerMl ?? null;
    const isOwn = own?.grams_per_ml != null;
    if (density === null) {
      if (!LIQUID_UNITS.has(line.unit)) return unknown(`no density is known for '${line.name}'`);
      // `100 ml Holunderblütensirup`: a liquid the table does not know weighs about what water does.
      return {
        grams: round1(quantity * ml),
        from: "volume",
        estimated: true,
        how: `${amount} × ${show(ml)} g per ${line.unit} (as water: no density is known for '${line.name}')`,
      };
    }
    const perUnit = ml * density;
    return {
      grams: round1(quantity * perUnit),
      from: "volume",
      estimated: !isOwn,
      how: `${amount} × ${show(perUnit)} g per ${line.unit} ${source(isOwn)}`,
    };
  }

  // A count: of the food itself, a dozen of it, or of a named unit (a clove, a stick, a slice).
  const unit = line.unit;
  let pieces = quantity;
  let perPiece: number | null = null;
  let isOwn = false;
  let what = "piece";
  if (unit === null || unit === "dozen" || PIECE_UNITS.has(unit)) {
    if (unit === "dozen") pieces = quantity * 12;
    // `1 large onion`, `2 small potatoes`: the table's piece of that size, where it has one.
    const size = /(?:^|, )(small|large)(?=,|$)/i.exec(line.note ?? "")?.[1]?.toLowerCase() ?? "";
    perPiece = own?.grams_per_piece ?? food?.units[size] ?? food?.gramsPerPiece ?? null;
    isOwn = own?.grams_per_piece != null;
  } else {
    perPiece = food?.units[unit] ?? null;
    what = unit;
  }
  if (perPiece === null) return unknown(`no weight is known for one ${what} of '${line.name}'`);
  return {
    grams: round1(pieces * perPiece),
    from: "piece",
    estimated: !isOwn,
    how: `${show(pieces)} × ${show(perPiece)} g per ${what} ${source(isOwn)}`,
  };
}

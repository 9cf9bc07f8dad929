/**
 * The units ingredient lines are read with, for parse-ingredient: its own (`cup`, `tablespoon`,
 * `gram`, `clove`, `piece`…), the ids below that it lacks, and the written forms the language tables
 * give each id (`EL`, `c. à soupe`, `msk`). core/amount and ../ingredient-line.ts both read with these.
 *
 * Sizes, in ml: a drop is the metric drop, 0.05 ml (20 drops to the millilitre, the convention of
 * pharmacopoeias); a dash is 1/8 of a US teaspoon, the size printed on the US measuring spoon named
 * so. A centilitre is 10 ml. A pinch has no size: its grams stay unknown (CONTRACT.md: `a pinch of
 * salt` is `unknown`), with a number or without.
 */
import { type UnitOfMeasureDefinitions, unitsOfMeasure } from "parse-ingredient";
import { fold, joined, type UnitForm } from "./words.ts";

export const UNIT_TYPES: Readonly<Record<string, readonly [type: "count" | "volume", ml?: number]>> = {
  slice: ["count"],
  fillet: ["count"],
  stalk: ["count"],
  rib: ["count"],
  knob: ["count"],
  packet: ["count"],
  envelope: ["count"],
  sheet: ["count"],
  tin: ["count"],
  jar: ["count"],
  block: ["count"],
  rasher: ["count"],
  spear: ["count"],
  bulb: ["count"],
  thumb: ["count"],
  handful: ["count"],
  ball: ["count"],
  batch: ["count"],
  leaf: ["count"],
  cube: ["count"],
  tub: ["count"],
  /** A drinking glass: its size comes with the word (`bicchiere`), as recipes in that language take it. */
  glass: ["volume"],
  centiliter: ["volume", 10],
  drop: ["volume", 0.05],
  dash: ["volume", 0.616],
};

/** parse-ingredient's units with the ids above: what a unit id means, whatever the language. */
export const BASE_UNITS: UnitOfMeasureDefinitions = {
  ...unitsOfMeasure,
  ...Object.fromEntries(
    Object.entries(UNIT_TYPES).map(([id, [type, ml]]) => {
      const known = unitsOfMeasure[id];
      const definition = known
        ? { ...known, conversionFactor: ml }
        : { short: id, plural: `${id}s`, alternates: [], type, conversionFactor: ml };
      return [id, definition];
    }),
  ),
};

/**
 * parse-ingredient's definitions for reading with `forms`: each form added to its unit's
 * alternates as written, joined (`c._à_soupe`) and without accents (`cuillere`). Build it once per
 * set of forms: parse-ingredient keeps its lookup maps by the object's identity.
 */
export function unitDefinitions(forms: readonly UnitForm[]): UnitOfMeasureDefinitions {
  const alternates = new Map<string, Set<string>>();
  for (const { form, unit } of forms) {
    const set = alternates.get(unit) ?? new Set();
    for (const version of [form, joined(form), joined(fold(form))]) set.add(version);
    alternates.set(unit, set);
  }
  const definitions: UnitOfMeasureDefinitions = {};
  for (const [unit, set] of alternates) {
    const base = BASE_UNITS[unit];
    if (!base) throw new Error(`Unknown unit id '${unit}' in a language table.`);
    definitions[unit] = { ...base, alternates: [...(base.alternates ?? []), ...set] };
  }
  // The ids above that no form names still need their definitions (a drop's size).
  for (const id of Object.keys(UNIT_TYPES))
    definitions[id] ??= BASE_UNITS[id] as (typeof definitions)[string];
  return definitions;
}

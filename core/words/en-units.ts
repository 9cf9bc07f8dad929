import type { UnitRow } from "./types.ts";

/**
 * The English units parse-ingredient lacks (British and metric spellings, count units such as a
 * slice or a tin): ./en.ts reads lines with them, and core/amount reads amounts with them, apart so
 * that core/amount (in every shopping-list function) carries no more of the tables than these.
 */
export const EN_UNITS: readonly UnitRow[] = [
  ["slice/slices", "slice"],
  ["fillet/fillets", "fillet"],
  ["stalk/stalks", "stalk"],
  ["rib/ribs", "rib"],
  ["knob/knobs", "knob"],
  ["packet/packets", "packet"],
  ["envelope/envelopes", "envelope"],
  ["sheet/sheets", "sheet"],
  ["tin/tins", "tin"],
  ["jar/jars", "jar"],
  ["block/blocks", "block"],
  ["rasher/rashers", "rasher"],
  ["spear/spears", "spear"],
  ["bulb/bulbs", "bulb"],
  ["thumb/thumbs", "thumb"],
  ["handful/handfuls", "handful"],
  ["ball/balls", "ball"],
  ["batch/batches", "batch"],
  ["cube/cubes", "cube"],
  ["leaf/leaves", "leaf"],
  ["tub/tubs", "tub"],
  ["cl|cl.|centiliter/centiliters|centilitre/centilitres", "centiliter"],
  ["litre/litres|ltr|ltrs|lt|L", "liter"],
  ["millilitre/millilitres|mls", "milliliter"],
  ["decilitre/decilitres", "deciliter"],
  ["tbs|tbs.|tbl|tbl.|tbsps|Tbs|Tbs.|TBSP|Tbsps", "tablespoon"],
  ["tsps|TSP", "teaspoon"],
  ["fl. oz|fl. oz.|fl.oz|fl.oz.|fl oz.", "fluid ounce"],
  ["gr|gr.|grs|gramme/grammes|gm|gms", "gram"],
  ["kilo/kilos|kgs|kilogramme/kilogrammes", "kilogram"],
  ["lbs.", "pound"],
];

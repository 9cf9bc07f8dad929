import { NUMBER_WORDS, RANGE_WORDS } from "./numbers.ts";
import type { Language } from "./types.ts";

/**
 * Danish. `Selleri` alone is celeriac in Danish kitchens; the stalks are `bladselleri`.
 *
 * Sources: Units as in Danish cookbooks (spsk 15 ml, tsk 5 ml,
 * knsp a pinch, dl, kop 250 ml); package weights as sold in Denmark: gær 50 g a cube, smør 250 g, dåse
 * hakkede tomater, kikærter og bønner 400 g, kokosmælk 400 ml.
 */
export const da: Language = {
  code: "da",
  decimalComma: true,
  units: [
    ["spsk|spsk.|spiseske/spiseskeer", "tablespoon", 15],
    ["tsk|tsk.|teske/teskeer", "teaspoon", 5],
    ["knsp|knsp.|knivspids/knivspidser", "pinch"],
    ["kop/kopper", "cup", 250],
    ["fed", "clove"],
    ["bundt|bdt|bdt.", "bunch"],
    ["kvist/kviste", "sprig"],
    ["skive/skiver", "slice"],
    ["blad", "leaf"],
    ["pakke/pakker|pk.|pk", "package"],
    ["brev/breve", "packet"],
    ["dåse/dåser|ds.|ds", "can"],
    ["glas", "jar"],
    ["bæger/bægre", "tub"],
    ["stk|stk.", "piece"],
    ["håndfuld|håndfulde", "handful"],
    ["dråbe/dråber", "drop"],
    ["stænk", "dash"],
    ["hoved/hoveder", "head"],
    ["stilk/stilke", "stalk"],
    ["terning/terninger", "cube"],
    ["liter", "liter"],
    ["gram", "gram"],
    ["kilo", "kilogram"],
  ],
  numbers: NUMBER_WORDS.da,
  vague: "knivspids|smule|lidt|nogle|sjat|stænk|håndfuld",
  notes:
    "efter smag|efter behag|til servering|til pynt|til stegning|til formen|til at stege i|evt.|eventuelt|eller mere",
  of: "",
  ranges: RANGE_WORDS.da,
  about: "ca.|ca|cirka|omkring",
  each: "à|stk|pr. stk.",
  headers: "Til",
  descriptive:
    "hakket|finthakket|grofthakket|groft|fint|revet|skåret|tern|frisk|stor|lille|små|mellemstor|smeltet|blødt|" +
    "stuetemperatur|kold|varm|lun|skrællet|presset|knust|kogt|halveret|udstenet|drænet|skyllet|frossen|frosne|" +
    "optøet|økologisk|øko|usaltet|saltet|stødt|moden|hel|i|strimler|både|skiver|tynde|tykke",
  and: "og|eller",
  inflections: [
    ["", "e"],
    ["", "er"],
    ["", "r"],
    ["", "en"],
    ["", "et"],
    ["", "ne"],
    ["", "erne"],
    ["", "t"],
  ],
  headFirst: false,
  compounds: true,
};

import { NUMBER_WORDS, RANGE_WORDS } from "./numbers.ts";
import type { Language } from "./types.ts";

/**
 * Norwegian (Bokmål; `nb` and `nn` pages are read with this table too).
 *
 * Sources: Units as in Norwegian cookbooks (ss 15 ml, ts 5 ml, klype a
 * pinch, dl, kopp 250 ml); package weights as sold in Norway: fersk gjær pakke 50 g, tørrgjær pose 12 g
 * (Idun), smør 250 g, boks hakkede tomater, kikerter og bønner 400 g, kokosmelk 400 ml.
 */
export const no: Language = {
  code: "no",
  decimalComma: true,
  units: [
    ["ss|ss.|spiseskje/spiseskjeer", "tablespoon", 15],
    ["ts|ts.|teskje/teskjeer", "teaspoon", 5],
    ["klype/klyper", "pinch"],
    ["kopp/kopper", "cup", 250],
    ["fedd", "clove"],
    ["bunt", "bunch"],
    ["kvist/kvister", "sprig"],
    ["skive/skiver", "slice"],
    ["blad", "leaf"],
    ["pakke/pakker|pk.|pk", "package"],
    ["pose/poser", "packet"],
    ["boks/bokser", "can"],
    ["glass", "jar"],
    ["beger", "tub"],
    ["stk|stk.", "piece"],
    ["neve/never|håndfull", "handful"],
    ["dråpe/dråper", "drop"],
    ["skvett", "dash"],
    ["hode/hoder", "head"],
    ["stilk/stilker", "stalk"],
    ["terning/terninger", "cube"],
    ["liter", "liter"],
    ["gram", "gram"],
    ["kilo", "kilogram"],
  ],
  numbers: NUMBER_WORDS.no,
  vague: "klype|litt|noen|skvett|håndfull|neve",
  notes: "etter smak|etter behag|til servering|til pynt|til steking|til formen|ev.|evt.|eventuelt|eller mer",
  of: "",
  ranges: RANGE_WORDS.no,
  about: "ca.|ca|cirka|omtrent|rundt",
  each: "à|stk|per stk",
  headers: "Til",
  descriptive:
    "hakket|finhakket|grovhakket|revet|skåret|i|terninger|biter|skiver|strimler|båter|frisk|stor|liten|små|" +
    "middels|smeltet|myk|romtemperert|kald|varm|lunken|skrelt|presset|knust|kokt|delt|halvert|steinfri|avrent|" +
    "skylt|frossen|frosne|tint|økologisk|usaltet|saltet|malt|moden|hel|fint|grovt|tynne|tykke",
  and: "og|eller",
  inflections: [
    ["", "e"],
    ["", "er"],
    ["", "r"],
    ["", "en"],
    ["", "et"],
    ["", "ene"],
    ["", "a"],
    ["", "t"],
  ],
  headFirst: false,
  compounds: true,
};

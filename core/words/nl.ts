import { NUMBER_WORDS, RANGE_WORDS } from "./numbers.ts";
import type { Language } from "./types.ts";

/**
 * Dutch. An `ons` is 100 g and a `pond` 500 g.
 *
 * Sources: Units as in Dutch cookbooks (eetlepel 15 ml, theelepel 5 ml, kop 250
 * ml, ons 100 g, pond 500 g); package weights as sold in the Netherlands: vanillesuiker zakje 8 g,
 * gedroogde gist zakje 7 g, roomboter pakje 250 g, mozzarella bol 125 g, kokosmelk, tomaten en bonen
 * blik 400 g.
 */
export const nl: Language = {
  code: "nl",
  decimalComma: true,
  units: [
    ["eetlepel/eetlepels|el|el.|EL|eetl.|eetl|El", "tablespoon", 15],
    ["theelepel/theelepels|tl|tl.|TL|theel.|thl|Tl", "teaspoon", 5],
    ["kop/koppen|kopje/kopjes", "cup", 250],
    ["snufje/snufjes|snuf|mespunt/mespuntjes|mespuntje", "pinch"],
    ["teen/tenen|teentje/teentjes", "clove"],
    ["bos/bossen|bosje/bosjes", "bunch"],
    ["takje/takjes|tak/takken", "sprig"],
    ["plak/plakken|plakje/plakjes", "slice"],
    ["blad/bladeren|blaadje/blaadjes", "leaf"],
    ["zakje/zakjes", "packet"],
    ["pak/pakken|pakje/pakjes", "package"],
    ["blik/blikken|blikje/blikjes", "can"],
    ["pot/potten|potje/potjes", "jar"],
    ["beker/bekers|bakje/bakjes", "tub"],
    ["stuk/stuks|st.|stuk(s)", "piece"],
    ["handje/handjes|handvol", "handful"],
    ["druppel/druppels|drupje/drupjes", "drop"],
    ["scheutje/scheutjes|scheut", "dash"],
    ["klontje/klontjes", "knob"],
    ["krop/kroppen", "head"],
    ["stengel/stengels|steel/stelen", "stalk"],
    ["bol/bollen|bolletje/bolletjes", "ball"],
    ["blokje/blokjes", "cube"],
    ["liter/liters", "liter"],
    ["milliliter/milliliters", "milliliter"],
    ["deciliter/deciliters", "deciliter"],
    ["gram/grammen", "gram"],
    ["kilogram/kilogrammen", "kilogram"],
    ["pond", "pound", 500],
    ["ons", "gram", 100],
  ],
  numbers: NUMBER_WORDS.nl,
  vague: "snufje|beetje|paar|scheutje|handje|handjevol|wat|klein beetje|mespuntje|flinke scheut",
  notes:
    "naar smaak|naar wens|naar keuze|om te serveren|voor erbij|ter garnering|ter decoratie|om te bakken|" +
    "om in te vetten|voor de vorm|optioneel|eventueel|evt.|of meer",
  of: "",
  ranges: RANGE_WORDS.nl,
  about: "ca.|circa|ongeveer|ong.",
  each: "per stuk|elk|à",
  headers: "Voor",
  descriptive:
    "gehakt|fijngehakt|fijn|grof|vers|klein|groot|middelgroot|gesneden|geraspt|geschild|gesmolten|zacht|koud|warm|" +
    "lauw|lauwwarm|kamertemperatuur|op|in|blokjes|ringen|ringetjes|reepjes|plakjes|stukjes|schijfjes|partjes|" +
    "geperst|gekookt|gehalveerd|ontpit|uitgelekt|gewassen|diepvries|ontdooid|biologisch|bio|ongezouten|gezouten|" +
    "geklopt|losgeklopt|rijp|heel|zeer|flink|grofgehakt|gepeld|schoongemaakt|afgespoeld|grote|kleine|verse|" +
    "middelgrote|fijne|grove|zachte|koude|gesnipperd|gesnipperde",
  and: "en|of",
  inflections: [
    ["", "en"],
    ["", "s"],
    ["", "'s"],
    ["", "e"],
    ["", "n"],
    ["", "eren"],
    ["", "tjes"],
    ["", "jes"],
  ],
  headFirst: false,
  compounds: true,
};

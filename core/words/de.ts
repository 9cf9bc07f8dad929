import { NUMBER_WORDS, RANGE_WORDS } from "./numbers.ts";
import type { Language } from "./types.ts";

/**
 * German.
 *
 * Sources: Units as in German cookbooks (EL 15 ml, TL 5 ml, Tasse as a coffee cup of 150
 * ml, Pfund 500 g); package weights as sold in Germany: fresh yeast cube 42 g, Trockenhefe and
 * Vanillezucker packets 7 g and 8 g (Dr. Oetker), Backpulver 15 g, Gelatine 10 g in 6 sheets, Sahne and
 * Schmand tubs 200 g, Quark and Mascarpone 250 g, Mozzarella 125 g, Butter 250 g, cans of tomatoes and
 * beans 400 g.
 */
export const de: Language = {
  code: "de",
  decimalComma: true,
  units: [
    ["EL|El|Essl.|Essl|Esslöffel|Eßlöffel", "tablespoon", 15],
    ["TL|Tl|Teel.|Teel|Teelöffel", "teaspoon", 5],
    ["Prise/Prisen|Pr.", "pinch"],
    ["Msp.|Msp|Messerspitze/Messerspitzen", "pinch"],
    ["Tasse/Tassen", "cup", 150],
    ["Becher", "tub"],
    ["Dose/Dosen|Ds.", "can"],
    ["Glas/Gläser", "jar"],
    ["Päckchen|Pck.|Pck|Pk.|Päck.|Packung/Packungen|Pkg.|Tüte/Tüten|Beutel", "package"],
    ["Stück|Stk.|Stk|St.|Stck.", "piece"],
    ["Zehe/Zehen", "clove"],
    ["Bund|Bd.|Bündel", "bunch"],
    ["Scheibe/Scheiben|Sch.", "slice"],
    ["Zweig/Zweige|Zweiglein|Stängel|Stiel/Stiele", "sprig"],
    ["Stange/Stangen", "stick"],
    ["Blatt/Blätter", "leaf"],
    ["Würfel", "cube"],
    ["Handvoll", "handful"],
    ["Tropfen", "drop"],
    ["Spritzer|Schuss|Schuß", "dash"],
    ["Kugel/Kugeln", "ball"],
    ["Knolle/Knollen", "bulb"],
    ["Kopf/Köpfe", "head"],
    ["Platte/Platten", "sheet"],
    ["Liter", "liter"],
    ["Milliliter", "milliliter"],
    ["Zentiliter", "centiliter"],
    ["Deziliter", "deciliter"],
    ["Gramm", "gram"],
    ["Kilogramm", "kilogram"],
    ["Pfund", "pound", 500],
  ],
  numbers: NUMBER_WORDS.de,
  vague:
    "eine Prise|ein paar|etwas|einige|ein bisschen|ein wenig|wenig|ein Schuss|einen Schuss|ein Spritzer|" +
    "einen Spritzer|eine Handvoll|ein Klecks|eine Messerspitze|ein Hauch|ein Stück|ein Stückchen|reichlich|" +
    "evtl.|eventuell",
  notes:
    "nach Geschmack|nach Belieben|nach Bedarf|nach Wunsch|zum Abschmecken|zum Bestreuen|zum Bestäuben|" +
    "zum Braten|zum Anbraten|zum Frittieren|zum Einfetten|für die Form|zum Servieren|zum Garnieren|" +
    "zum Dekorieren|zum Bestreichen|zum Verzieren|optional|oder mehr|evtl.",
  of: "",
  ranges: RANGE_WORDS.de,
  about: "ca.|ca|etwa|circa|zirka|ungefähr|rund",
  each: "à|je|pro Stück|jeweils",
  headers: "Für|Zum|Zur",
  descriptive:
    "gehackt|feingehackt|fein|grob|frisch|klein|groß|mittelgroß|gewürfelt|gerieben|geraspelt|geschält|" +
    "geschnitten|gehobelt|zerlassen|geschmolzen|flüssig|weich|zimmerwarm|kalt|eiskalt|warm|lauwarm|heiß|" +
    "gepresst|zerdrückt|gestrichen|gehäuft|knapp|reif|verquirlt|geviertelt|halbiert|entkernt|abgetropft|" +
    "gewaschen|geputzt|tiefgekühlt|TK|aufgetaut|zerkleinert|püriert|ganz|in|sehr|dünn|dick|bio|unbehandelt|" +
    "gekühlt|ungesalzen|gesalzen|gut|gekocht",
  and: "und|oder",
  inflections: [
    ["", "e"],
    ["", "en"],
    ["", "er"],
    ["", "es"],
    ["", "em"],
    ["", "n"],
    ["", "s"],
  ],
  headFirst: false,
  compounds: true,
};

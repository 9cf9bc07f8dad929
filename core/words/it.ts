import { NUMBER_WORDS, RANGE_WORDS } from "./numbers.ts";
import type { Language } from "./types.ts";

/**
 * Italian. An `etto` is 100 g. A `costa` or `gambo` of celery is its stalk.
 *
 * Sources: Units as in Italian cookbooks (cucchiaio 15 ml, cucchiaino 5 ml, tazza 250 ml, bicchiere 200
 * ml, tazzina da caffè 50 ml, etto 100 g); package weights as sold in Italy: lievito per dolci bustina
 * 16 g (Paneangeli), lievito di birra panetto 25 g, lievito secco bustina 7 g, gelatina foglio 2 g,
 * burro panetto 250 g, panna brick 200 ml, yogurt vasetto 125 g, mascarpone 250 g, mozzarella 125 g,
 * pelati e legumi 400 g, dado 10 g.
 */
export const it: Language = {
  code: "it",
  decimalComma: true,
  units: [
    ["cucchiaio/cucchiai|cucch.|cucchiaio raso|cucchiaio colmo", "tablespoon", 15],
    ["cucchiaino/cucchiaini|cucchiaino da tè|cucchiaino da caffè|cucchiaini da tè", "teaspoon", 5],
    ["tazza/tazze", "cup", 250],
    ["bicchiere/bicchieri", "glass", 200],
    ["tazzina/tazzine", "glass", 50],
    ["pizzico/pizzichi", "pinch"],
    ["spicchio/spicchi", "clove"],
    ["mazzetto/mazzetti|mazzo/mazzi|ciuffo/ciuffi", "bunch"],
    ["rametto/rametti|ramoscello/ramoscelli|rametti", "sprig"],
    ["fetta/fette|fettina/fettine", "slice"],
    ["foglia/foglie|foglio/fogli", "leaf"],
    ["bustina/bustine", "packet"],
    ["confezione/confezioni|pacco/pacchi|pacchetto/pacchetti", "package"],
    ["scatola/scatole|scatoletta/scatolette|lattina/lattine|barattolo/barattoli", "can"],
    ["vasetto/vasetti", "tub"],
    ["brick", "carton"],
    ["pezzo/pezzi", "piece"],
    ["manciata/manciate", "handful"],
    ["goccia/gocce", "drop"],
    ["spruzzo/spruzzi", "dash"],
    ["noce", "knob"],
    ["cubetto/cubetti|dado/dadi", "cube"],
    ["panetto/panetti", "block"],
    ["cespo/cespi|testa/teste", "head"],
    ["gambo/gambi|costa/coste", "stalk"],
    ["litro/litri", "liter"],
    ["millilitro/millilitri", "milliliter"],
    ["centilitro/centilitri", "centiliter"],
    ["decilitro/decilitri", "deciliter"],
    ["grammo/grammi", "gram"],
    ["chilo/chili|chilogrammo/chilogrammi", "kilogram"],
    ["etto/etti|hg", "gram", 100],
  ],
  numbers: NUMBER_WORDS.it,
  vague: "pizzico|po'|poco|manciata|filo|qualche|spruzzata|goccio|spolverata",
  notes:
    "q.b.|qb|q. b.|quanto basta|a piacere|a piacimento|per servire|per guarnire|per decorare|per la teglia|" +
    "per lo stampo|per friggere|per spolverare|facoltativo|opzionale|o più",
  of: "di|d'|del|della|dello|dei|degli|delle|dell'",
  ranges: RANGE_WORDS.it,
  about: "circa|ca.|all'incirca",
  each: "ciascuno|ciascuna|cad.|l'uno|l'una",
  headers: "Per",
  descriptive:
    "tritato|grattugiato|tagliato|fresco|grande|piccolo|medio|maturo|sbucciato|pelato|finemente|a|cubetti|" +
    "dadini|fettine|rondelle|julienne|fuso|morbido|freddo|caldo|tiepido|ambiente|temperatura|macinato|sbattuto|" +
    "sgocciolato|lavato|surgelato|congelato|tostato|cotto|crudo|intero|biologico|bio|extra|ammorbidito|" +
    "setacciato|spremuto|schiacciato|affettato|grosso|sottile|pulito|mondato|sminuzzato|frullato|sciolto|" +
    "grossolanamente|ben|molto|appena|pezzetti|listarelle",
  and: "e|ed|o",
  inflections: [
    ["o", "i"],
    ["o", "a"],
    ["o", "e"],
    ["a", "e"],
    ["e", "i"],
    ["co", "chi"],
    ["ca", "che"],
    ["io", "i"],
  ],
  headFirst: true,
  compounds: false,
};

import { NUMBER_WORDS, RANGE_WORDS } from "./numbers.ts";
import type { Language } from "./types.ts";

/**
 * Swedish. A `krm` (kryddmått) is 1 ml. `Kummin` is caraway, `spiskummin` cumin.
 *
 * Sources: Units as in Swedish cookbooks, the Swedish standard spoon measures (msk 15 ml, tsk 5 ml, krm 1
 * ml, dl, kopp 250 ml); package weights as sold in Sweden: jäst paket 50 g, torrjäst påse 11 g,
 * vaniljsocker as a measure, burk krossade tomater, kikärtor och bönor 400 g, kokosmjölk 400 ml.
 */
export const sv: Language = {
  code: "sv",
  decimalComma: true,
  units: [
    ["msk|msk.|matsked/matskedar", "tablespoon", 15],
    ["tsk|tsk.|tesked/teskedar", "teaspoon", 5],
    ["krm|krm.|kryddmått", "teaspoon", 1],
    ["kopp/koppar", "cup", 250],
    ["glas", "glass", 200],
    ["nypa/nypor", "pinch"],
    ["klyfta/klyftor", "clove"],
    ["knippe/knippen|kruka/krukor", "bunch"],
    ["kvist/kvistar", "sprig"],
    ["skiva/skivor", "slice"],
    ["blad", "leaf"],
    ["paket|förp.|förp|förpackning/förpackningar", "package"],
    ["påse/påsar", "packet"],
    ["burk/burkar", "can"],
    ["st|st.|styck|stycken", "piece"],
    ["bit/bitar", "piece"],
    ["näve/nävar", "handful"],
    ["droppe/droppar", "drop"],
    ["stänk", "dash"],
    ["huvud/huvuden", "head"],
    ["stjälk/stjälkar", "stalk"],
    ["tärning/tärningar", "cube"],
    ["liter", "liter"],
    ["gram", "gram"],
    ["kilo", "kilogram"],
  ],
  numbers: NUMBER_WORDS.sv,
  vague: "nypa|lite|några|skvätt|aning|stänk|näve",
  notes:
    "efter smak|efter behag|till servering|att servera|till garnering|till stekning|att steka i|till formen|" +
    "valfritt|eventuellt|ev.|eller mer",
  of: "",
  ranges: RANGE_WORDS.sv,
  about: "ca|ca.|cirka|ungefär|drygt|knappt",
  each: "à|styck|st",
  headers: "Till",
  descriptive:
    "hackad|finhackad|grovhackad|riven|finriven|grovriven|skivad|tärnad|strimlad|färsk|stor|liten|små|" +
    "medelstor|smält|mjuk|rumsvarm|rumstempererad|kall|varm|ljummen|skalad|pressad|kokt|halverad|urkärnad|" +
    "avrunnen|sköljd|fryst|tinad|ekologisk|eko|osaltad|saltad|mald|malen|rå|hel|mogen|i|bitar|tärningar|" +
    "strimlor|skivor|gärna|fint|grovt|tunt|klyftor",
  and: "och|eller",
  inflections: [
    ["", "e"],
    ["", "a"],
    ["", "t"],
    ["d", "t"],
    ["", "ar"],
    ["", "or"],
    ["", "er"],
    ["", "r"],
    ["a", "or"],
    ["e", "ar"],
    ["", "na"],
    ["", "en"],
    ["en", "na"],
    ["en", "et"],
  ],
  headFirst: false,
  compounds: true,
};

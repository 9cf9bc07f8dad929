import { EN_UNITS } from "./en-units.ts";
import { NUMBER_WORDS, RANGE_WORDS } from "./numbers.ts";
import type { Language } from "./types.ts";

/**
 * English, beyond what parse-ingredient reads itself (US units and their abbreviations). Its foods are
 * the built-in table's own names (foods.ts).
 *
 * Sources: British and metric spellings as in the Oxford English Dictionary; abbreviations as found in
 * recipe pages.
 */
export const en: Language = {
  code: "en",
  decimalComma: false,
  units: EN_UNITS,
  numbers: NUMBER_WORDS.en,
  // The words of an amount without a number, each after an optional `a`, `an`, `one` or `some`.
  vague:
    "pinch|dash|handful|splash|sprinkle|sprinkling|drizzle|squeeze|knob|few|couple|little|bit|touch|dollop|glug|smidgen|drop",
  notes:
    "to taste|or to taste|for serving|for garnish|to serve|to garnish|as needed|if needed|divided|optional|or more",
  of: "of",
  ranges: RANGE_WORDS.en,
  about: "about|approx.|approximately|roughly|around",
  each: "each|ea.|apiece|per piece",
  headers: "For",
  descriptive:
    "chopped|finely|roughly|coarsely|thinly|thickly|freshly|minced|diced|sliced|grated|shredded|crushed|" +
    "melted|softened|soft|lukewarm|very|snipped|cold|chilled|warm|room-temperature|fresh|large|small|" +
    "medium|extra-large|jumbo|packed|lightly|firmly|loosely|sifted|peeled|cubed|halved|quartered|heaped|" +
    "heaping|level|rounded|scant|generous|ripe|beaten|whisked|organic|good-quality|good|quality|optional|" +
    "boneless|skinless|bone-in|frozen|thawed|trimmed|pitted|deseeded|seeded|drained|rinsed|crumbled|" +
    "toasted|plain|free-range",
  and: "and|or|&",
  inflections: [],
  headFirst: false,
  compounds: false,
};

/**
 * Which food of USDA's SR28 table an English food name means (issue 41, CONTRACT.md: nutrition): a
 * pure ranking of the table's short descriptions (`ONIONS,RAW`, `WHEAT FLR,WHITE,ALL-PURPOSE,ENR,BLEACHED`),
 * with no lexicon and no database, so that the small functions that match a name can import it.
 *
 * The rules, in order (read off the table itself):
 * 1. The head noun: the name's last word (`flour` of `rye flour`), singular, must be a word of the
 *    description's first segment (before the first comma), read singular and with SR28's
 *    abbreviations spelt out (`WHEAT FLR` is `wheat flour`, `ONIONS` is `onion`). A first segment
 *    that only says the kind (`SPICES`, `LEAVENING AGENTS`, `NUTS`, `ALCOHOLIC BEV`…) lets the second
 *    segment name it (`SPICES,CINNAMON,GROUND`). A name no description has that head for tries its
 *    other words, last to first (`chicken breast`: `CHICKEN,BROILERS OR FRYERS,BREAST,…`).
 * 2. The name's other words should be in the description (`brown sugar`: `SUGARS,BROWN`), and the
 *    first segment should say nothing else (`GARLIC BREAD` is not garlic).
 * 3. Raw over cooked, boiled, fried, canned, frozen… unless the name says so (`cooked rice`).
 * 4. Plain over branded, `w/` something, with added anything, prepared from a recipe, baby food.
 * A name of more words than its head is none of the descriptions that have none of its other words.
 * 5. The shorter description (the common cut or form), then the lower NDB number (SR28 numbers a
 *    group's plain food first: `BUTTER,WITH SALT` 1001).
 * A few built-in foods the rules cannot read are pinned by NDB number (PINNED), as read in the table
 * (or, where it has none, its nearest food, marked so).
 *
 * A food found by a part of a longer name (core/nutrition/match.ts) is steered by the name's other
 * words that change the food, in the ten languages (QUALIFIER_WORDS: `cooked`, `gekocht`, `cuit`,
 * `fat-free`, `whole-milk`…): steer() takes that form of the same kind (`RICE,BROWN,LONG-GRAIN,RAW`
 * cooked is `RICE,BROWN,LONG-GRAIN,CKD`: the description that says it and shares the most words).
 */

/** A food of the table as ranked: its NDB number and short description. */
export type FoodCandidate = { id: number; name: string };

/** SR28's abbreviations, as the words they stand for. */
const ABBREVIATIONS: Readonly<Record<string, string>> = {
  flr: "flour",
  whl: "whole",
  frsh: "fresh",
  ckd: "cooked",
  bld: "boiled",
  drnd: "drained",
  cnd: "canned",
  frz: "frozen",
  rstd: "roasted",
  stwd: "stewed",
  bkd: "baked",
  brld: "broiled",
  swt: "sweet",
  swtnd: "sweetened",
  unswtnd: "unsweetened",
  grn: "green",
  yel: "yellow",
  pdr: "powder",
  crm: "cream",
  hvy: "heavy",
  lt: "light",
  ln: "lean",
  skn: "skin",
  veg: "vegetable",
  juc: "juice",
  sau: "sauce",
  choc: "chocolate",
  pln: "plain",
  reg: "regular",
  enr: "enriched",
  unenr: "unenriched",
  prep: "prepared",
  comm: "commercial",
  bttrmlk: "buttermilk",
  grd: "ground",
  sd: "seed",
  sds: "seed",
  dk: "dark",
  brn: "brown",
  sprd: "spread",
  mxd: "mixed",
  dehyd: "dehydrated",
  inst: "instant",
  bev: "beverage",
  drsng: "dressing",
  chopd: "chopped",
  shrdd: "shredded",
  sliced: "sliced",
  scrmbld: "scrambled",
  simmrd: "simmered",
  unckd: "uncooked",
  unprep: "unprepared",
  past: "pasteurized",
  conc: "concentrate",
  btld: "bottled",
  evap: "evaporated",
  cond: "condensed",
  crl: "cereal",
  gr: "grain",
  wht: "white",
  sml: "small",
  lrg: "large",
  med: "medium",
  frsh_: "fresh",
  krnls: "kernel",
  kernels: "kernel",
  unsalted: "unsalted",
  pnut: "peanut",
  dry: "dry",
  dsstd: "desiccated",
  dssrt: "dessert",
  bns: "bean",
  smkd: "smoked",
  unsmkd: "unsmoked",
  fz: "frozen",
  prepd: "prepared",
  brst: "breast",
  bnless: "boneless",
  lofat: "lowfat",
  shldr: "shoulder",
  // British English: `pork mince` is ground pork.
  mince: "ground",
  minced: "ground",
};

/** First segments that only name the kind of food: the second segment names the food. */
const KINDS = new Set([
  "spice",
  "leavening agent",
  "nut",
  "seed",
  "alcoholic beverage",
  "beverage",
  "oil",
  "sauce",
  "cheese",
  "vinegar",
  "fish",
  "crustacean",
  "mollusk",
  "pork",
  "beef",
  "lamb",
  "veal",
  "chicken",
  "turkey",
  "bean",
  "cereal",
  "dessert topping",
  "syrup",
  "candie",
  "cookie",
  "cracker",
  "bread",
  "roll",
  "sugar",
  "flour",
  "salad dressing",
  "soup",
  "gelatin dessert",
  "condiment",
  "frosting",
]);

/** Words that say the food is no longer as bought: each is a step away from the raw food. */
const PREPARED = new Set([
  "cooked",
  "boiled",
  "fried",
  "canned",
  "baked",
  "roasted",
  "stewed",
  "frozen",
  "braised",
  "broiled",
  "sauteed",
  "microwaved",
  "prepared",
  "dehydrated",
  "heated",
  "simmered",
  "scrambled",
  "poached",
  "pickled",
  "toasted",
  "grilled",
  "steamed",
  "drained",
  "blanched",
  "candied",
  "breaded",
  "batter",
  "dried",
  "smoked",
  "cured",
  "pan",
  "brown",
]);

/** Words of a description that is not the plain food: branded, with something added, a dish. */
const NOT_PLAIN = new Set([
  "w",
  "with",
  "added",
  "made",
  "recipe",
  "includes",
  "incl",
  "restaurant",
  "babyfood",
  "commercial",
  "commercially",
  "industrial",
  "imitation",
  "substitute",
  "sub",
  "low",
  "lo",
  "reduced",
  "red",
  "fat free",
  "free",
  "lowfat",
  "nonfat",
  "diet",
  "formulated",
  "fortified",
  "usda",
  "commodity",
  "mix",
  "school",
  "lunch",
  "fast",
  "foods",
]);

/** Words of a name that say nothing of which food it is. */
const FILLER = new Set(["of", "and", "the", "a", "or", "in"]);

/** One word in the singular (`tomatoes` → `tomato`, `berries` → `berry`), as name_key() reads most. */
export function singular(word: string): string {
  if (word.length <= 3 || /(ss|us|is|ous)$/.test(word)) return word;
  if (/[^aeiou]ies$/.test(word)) return `${word.slice(0, -3)}y`;
  if (/(ch|sh|x|z|ss|o)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith("s")) return word.slice(0, -1);
  return word;
}

const wordsOf = (text: string): string[] =>
  (
    text
      .toLowerCase()
      .normalize("NFD")
      .replace(/\p{M}/gu, "")
      .match(/[a-z0-9]+/g) ?? []
  ).map((w) => singular(ABBREVIATIONS[w] ?? w));

/** A name's words that say which food it is, singular: `Extra-virgin olive oil` → extra virgin olive oil. */
export const nameWords = (name: string): string[] => wordsOf(name).filter((w) => !FILLER.has(w));

/** A description's segments, each its words spelt out and singular. */
const segmentsOf = (description: string): string[][] => description.split(",").map(wordsOf);

/** True when a description holds every word of a name that says which food it is (nameWords). */
export function says(food: FoodCandidate, name: string): boolean {
  const words = new Set(segmentsOf(food.name).flat());
  return nameWords(name).every((w) => words.has(w));
}

/**
 * The first words of the descriptions a name's head may be found in (for the database's
 * prefilter): its words as the table may write them, lower case (`flour` → `flour`, `flr`).
 */
export function searchStems(name: string): string[] {
  const reverse = new Map<string, string[]>();
  for (const [short, long] of Object.entries(ABBREVIATIONS))
    reverse.set(long, [...(reverse.get(long) ?? []), short]);
  const stems = new Set<string>();
  for (const word of nameWords(name)) {
    // `berry` is written `berries`, `tomato` `tomatoes`: the stem without its last letter finds both.
    stems.add(word.length > 4 && /[yoe]$/.test(word) ? word.slice(0, -1) : word);
    for (const short of reverse.get(word) ?? []) stems.add(short);
  }
  return [...stems];
}

/** NDB numbers of built-in foods whose name the rules cannot read (see the top of this file). */
export const PINNED: Readonly<Record<string, number>> = {
  flour: 20081,
  yeast: 18375,
  "baking powder": 18369,
  orange: 9200,
  cucumber: 11205,
  zucchini: 11477,
  macaroni: 20120,
  "rolled oats": 20038,
  "pearl barley": 20005,
  "coconut oil": 4047,
  "sliced almond": 12061,
  "belgian endive": 11213,
  "fresh yeast": 18374,
  "kosher salt": 2047,
  "red pepper flake": 2031,
  "bread flour": 20083,
  cornmeal: 20020,
  rice: 20044,
  "cooked rice": 20045,
  "cocoa powder": 19165,
  "chocolate chip": 19080,
  chocolate: 19904,
  "white chocolate": 19087,
  marshmallow: 19116,
  "cayenne pepper": 2031,
  butter: 1001,
  "vegetable oil": 4582,
  milk: 1077,
  buttermilk: 1088,
  "half-and-half": 1049,
  "sour cream": 1056,
  "plain yogurt": 1116,
  "greek yogurt": 1293,
  "evaporated milk": 1096,
  "egg white": 1124,
  // A broth is the liquid, ready to serve (a stock cube is a food of its own: `Stock cube`).
  "chicken broth": 6194,
  "beef broth": 6008,
  "red wine": 14096,
  coffee: 14209,
  "soy sauce": 16123,
  ketchup: 11935,
  mayonnaise: 4025,
  mustard: 2046,
  "tomato paste": 11546,
  "tomato sauce": 11549,
  "crushed tomato": 11693,
  "apple juice": 9016,
  "tomato juice": 11540,
  ginger: 11216,
  tomato: 11529,
  "plum tomato": 11529,
  "cherry tomato": 11529,
  potato: 11352,
  "bell pepper": 11821,
  mushroom: 11260,
  "portobello mushroom": 11260,
  olive: 9193,
  "collard greens": 11161,
  "bean sprout": 11043,
  "lemon zest": 9156,
  "orange zest": 9216,
  apple: 9003,
  kiwi: 9148,
  "pine nut": 12147,
  "brazil nut": 12078,
  hazelnut: 12120,
  peanut: 16087,
  "sesame seed": 12023,
  "sunflower seed": 12036,
  "pumpkin seed": 12014,
  "chia seed": 12006,
  "chicken breast": 5062,
  "chicken thigh": 5096,
  "ground beef": 23572,
  bacon: 10123,
  sausage: 7063,
  bread: 18069,
  tuna: 15121,
  salmon: 15076,
  pita: 18041,
  "hamburger bun": 18350,
  tofu: 16126,
  "kidney bean": 16027,
  lettuce: 11251,
  // Foods the rules find no description for: the table's food under another name (`snow pea`:
  // PEAS,EDIBLE-PODDED), or, marked `nearest`, the nearest food the table has.
  "almond flour": 12061,
  panko: 18079,
  "graham cracker": 18173,
  "graham cracker crumb": 18173,
  cornflakes: 8020,
  ladyfinger: 18423,
  ghee: 1003,
  tahini: 12166,
  mascarpone: 1017, // nearest: CHEESE,CREAM (the table has no mascarpone)
  "crème fraîche": 1053, // nearest: CREAM,FLUID,HVY WHIPPING (as fat as crème fraîche)
  "vanilla sugar": 19335,
  "pumpkin puree": 11424,
  "bok choy": 11116,
  "snow pea": 11300,
  kimchi: 11118,
  lemongrass: 11972,
  mint: 2065,
  "sage leaf": 2038,
  "pomegranate seed": 9286,
  lychee: 9164,
  "black-eyed pea": 16062,
};

/** How well a description fits a name whose head is `head`; undefined when it cannot be that food. */
function score(segments: string[][], words: string[], head: string): number | undefined {
  const [first = [], second = []] = segments;
  let points = 0;
  if (first.includes(head)) points += 0;
  else if (KINDS.has(first.join(" ")) && second.includes(head)) points -= 1;
  else return undefined;
  const all = segments.flat();
  const others = words.filter((w) => w !== head);
  for (const word of others) points += all.includes(word) ? 3 : -1.5;
  const inFirst = KINDS.has(first.join(" ")) && !first.includes(head) ? second : first;
  for (const word of inFirst) if (word !== head && !words.includes(word)) points -= 3;
  for (const word of all) {
    if (words.includes(word)) continue;
    if (PREPARED.has(word)) points -= 4;
    else if (NOT_PLAIN.has(word)) points -= 2;
    else if (word === "raw" || word === "fresh") points += 3;
  }
  return points - 0.3 * segments.length - 0.01 * all.length;
}

/**
 * The food of `candidates` an English food name means, by the rules at the top of this file; undefined
 * when none has its head noun.
 */
export function bestFood<T extends FoodCandidate>(
  candidates: readonly T[],
  englishName: string,
): T | undefined {
  const pinned = PINNED[englishName.toLowerCase()];
  if (pinned !== undefined) {
    const found = candidates.find((c) => c.id === pinned);
    if (found) return found;
  }
  const words = nameWords(englishName);
  const parsed = candidates.map((c) => ({ food: c, segments: segmentsOf(c.name) }));
  for (const head of [...words].reverse()) {
    let best: { food: T; points: number } | undefined;
    const others = words.filter((w) => w !== head);
    for (const { food, segments } of parsed) {
      // A name that says more than its head is none of the foods that say none of it (`coconut
      // flour` is not `SOY FLOUR`).
      if (others.length > 0 && !others.some((w) => segments.flat().includes(w))) continue;
      const points = score(segments, words, head);
      if (points === undefined) continue;
      if (!best || points > best.points || (points === best.points && food.id < best.food.id))
        best = { food, points };
    }
    if (best) return best.food;
  }
  return undefined;
}

/**
 * Words of a name that ask another form of the food it names (issue 41: `cooked rice` is not raw
 * rice), in the ten languages, folded: each is a qualifier, with the words a description says it by.
 * `dry` and `light` are not among them (`dry white wine`, `light brown sugar` are the plain foods).
 */
const QUALIFIER_WORDS: Readonly<Record<string, readonly string[]>> = {
  cooked: [
    "cooked",
    "gekocht",
    "gekochte",
    "gekochter",
    "gekochtes",
    "gegart",
    "gegarte",
    "cuit",
    "cuite",
    "cuits",
    "cuites",
    "cocido",
    "cocida",
    "cocidos",
    "cocidas",
    "cotto",
    "cotta",
    "cotti",
    "cotte",
    "lessato",
    "lessata",
    "gekookt",
    "gekookte",
    "cozido",
    "cozida",
    "cozidos",
    "cozidas",
    "kokt",
    "kokta",
    "kokte",
    "kogt",
    "kogte",
  ],
  canned: ["canned", "tinned", "dosen", "konserven", "enlatado", "enlatada", "hermetik", "inlagd"],
  dried: [
    "dried",
    "getrocknet",
    "getrocknete",
    "getrockneter",
    "seche",
    "seches",
    "sechee",
    "secchi",
    "secco",
    "secca",
    "secche",
    "seco",
    "seca",
    "secos",
    "secas",
    "gedroogd",
    "gedroogde",
    "torkad",
    "torkade",
    "torret",
    "torrede",
    "tørret",
    "tørrede",
  ],
  nonfat: ["fat-free", "nonfat", "non-fat", "skim", "skimmed", "fettfrei", "magert", "0%"],
  lowfat: [
    "low-fat",
    "lowfat",
    "reduced-fat",
    "fettarm",
    "fettarme",
    "allege",
    "allegee",
    "halvfet",
    "halbfett",
    "lett",
    "latt",
    "let",
  ],
  whole: [
    "whole-milk",
    "full-fat",
    "vollfett",
    "entier",
    "entiere",
    "entero",
    "entera",
    "intero",
    "intera",
    "inteiro",
  ],
};

/** The words a description says each qualifier by (spelt out and singular, as segmentsOf reads it). */
const QUALIFIED_BY: Readonly<Record<string, readonly string[]>> = {
  cooked: ["cooked", "boiled", "roasted", "stewed", "simmered", "steamed", "braised", "prepared", "baked"],
  canned: ["canned"],
  dried: ["dried", "dehydrated", "dry"],
  nonfat: ["nonfat", "skim", "fat free"],
  lowfat: ["lowfat", "low fat", "reduced fat", "red fat"],
  whole: ["whole"],
};

const QUALIFIER_OF = new Map(
  Object.entries(QUALIFIER_WORDS).flatMap(([qualifier, words]) => words.map((w) => [w, qualifier] as const)),
);

/**
 * The qualifiers a name's words (folded, as core/nutrition/match.ts reads them) ask: `cooked`…; a
 * word may end in one of seven letters or more (`zongedroogde`, `soltorkade`), not after a `not`
 * (`ongekookte`, `uncooked`).
 */
export function qualifiersOf(words: readonly string[]): string[] {
  const found = new Set<string>();
  for (const word of words.map((w) => w.toLowerCase())) {
    const whole = QUALIFIER_OF.get(word);
    if (whole) found.add(whole);
    else
      for (const [written, qualifier] of QUALIFIER_OF)
        if (written.length >= 7 && word.endsWith(written)) {
          const before = word.slice(0, -written.length);
          if (!/(^|-)(on|un|non|in|ikke)-?$/.test(before)) found.add(qualifier);
        }
  }
  return [...found];
}

/**
 * The form of `base` the qualifiers ask (`cooked` of `RICE,BROWN,LONG-GRAIN,RAW`: `…,CKD`) among
 * `kind`, the descriptions of its first segment: one that says every qualifier, then the one that
 * shares the most words with `base` and adds the fewest others (the same cut, the same grain), then
 * the lower NDB number. `base` itself when it says them already, or when none does.
 */
export function steer<T extends FoodCandidate>(
  base: T,
  kind: readonly T[],
  qualifiers: readonly string[],
): T {
  const says = (segments: string[][], qualifier: string) => {
    const text = ` ${segments.map((s) => s.join(" ")).join(" , ")} `;
    return (QUALIFIED_BY[qualifier] ?? [qualifier]).some((w) => text.includes(` ${w} `));
  };
  const own = segmentsOf(base.name);
  if (qualifiers.every((q) => says(own, q))) return base;
  const baseWords = new Set(own.flat().filter((w) => w !== "raw"));
  const allowed = new Set(qualifiers.flatMap((q) => (QUALIFIED_BY[q] ?? [q]).flatMap((w) => w.split(" "))));
  let best: { food: T; points: number } | undefined;
  for (const food of kind) {
    const segments = segmentsOf(food.name);
    if (!qualifiers.every((q) => says(segments, q))) continue;
    const words = new Set(segments.flat());
    let points = 0;
    for (const w of words) {
      if (baseWords.has(w)) points += 1;
      else if (!allowed.has(w)) points -= 0.5;
    }
    if (!best || points > best.points || (points === best.points && food.id < best.food.id))
      best = { food, points };
  }
  return best?.food ?? base;
}

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
 * A few built-in foods the rules cannot read are pinned by NDB number (PINNED), as read in the table.
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
  "chicken broth": 6080,
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

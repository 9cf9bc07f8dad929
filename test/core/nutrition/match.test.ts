/**
 * Matching an ingredient name in any of the ten languages to a food of USDA's SR28 table
 * (core/nutrition/match.ts): the real table imported once, then a table of names, written as cooks
 * write them (the lexicon's names, their plurals, English aliases with descriptive words), each with
 * the food it must get, read by hand in the table.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../../core/db.ts";
import { importNutritionTable } from "../../../core/nutrition/import.ts";
import { matchFood } from "../../../core/nutrition/match.ts";
import { FOODS } from "../../../core/page-import/foods.ts";
import { foodRows } from "../../../core/page-import/lexicon.ts";
import { LANGUAGES } from "../../../core/words/index.ts";
import { ABBREV_XLSX } from "./workbook.ts";

beforeAll(async () => {
  await importNutritionTable(getDb(), { source: ABBREV_XLSX });
}, 60_000);

/** The staples, by their English name in core/page-import/foods.ts, and the NDB number each must get. */
const STAPLES: Record<string, number> = {
  Flour: 20081, // WHEAT FLR,WHITE,ALL-PURPOSE,ENR,BLEACHED
  Sugar: 19335, // SUGARS,GRANULATED
  "Brown sugar": 19334, // SUGARS,BROWN
  "Powdered sugar": 19336, // SUGARS,POWDERED
  Butter: 1001, // BUTTER,WITH SALT
  Egg: 1123, // EGG,WHL,RAW,FRSH
  Milk: 1077, // MILK,WHL,3.25% MILKFAT,W/ ADDED VITAMIN D
  Onion: 11282, // ONIONS,RAW
  Garlic: 11215, // GARLIC,RAW
  "Olive oil": 4053, // OIL,OLIVE,SALAD OR COOKING
  Salt: 2047, // SALT,TABLE
  Rice: 20044, // RICE,WHITE,LONG-GRAIN,REG,RAW,ENR
  Macaroni: 20120, // PASTA,DRY,ENR
  Potato: 11352, // POTATOES,FLESH & SKN,RAW
  Tomato: 11529, // TOMATOES,RED,RIPE,RAW,YEAR RND AVERAGE
  Carrot: 11124, // CARROTS,RAW
  "Chicken breast": 5062, // CHICKEN,BROILER OR FRYERS,BRST,SKINLESS,BNLESS,MEAT ONLY,RAW
  "Ground beef": 23572, // BEEF,GROUND,80% LN MEAT / 20% FAT,RAW
  "Cheddar cheese": 1009, // CHEESE,CHEDDAR
  "Heavy cream": 1053, // CREAM,FLUID,HVY WHIPPING
  Yeast: 18375, // LEAVENING AGENTS,YEAST,BAKER'S,ACTIVE DRY
  Honey: 19296, // HONEY
  Lemon: 9150, // LEMONS,RAW,WITHOUT PEEL
  Apple: 9003, // APPLES,RAW,WITH SKIN
  "Baking powder": 18369, // LEAVENING AGENTS,BAKING PDR,DOUBLE-ACTING,NA AL SULFATE
  "Baking soda": 18372, // LEAVENING AGENTS,BAKING SODA
  Cinnamon: 2010, // SPICES,CINNAMON,GROUND
  "Black pepper": 2030, // SPICES,PEPPER,BLACK
  Parsley: 11297, // PARSLEY,FRSH
  Banana: 9040, // BANANAS,RAW
  Spinach: 11457, // SPINACH,RAW
  Mushroom: 11260, // MUSHROOMS,WHITE,RAW
  "Cream cheese": 1017, // CHEESE,CREAM
  "Sour cream": 1056, // CREAM,SOUR,CULTURED
  Leek: 11246, // LEEKS,(BULB&LOWER LEAF-PORTION),RAW
  Strawberry: 9316, // STRAWBERRIES,RAW
  Lentil: 16069, // LENTILS,RAW
  Walnut: 12155, // NUTS,WALNUTS,ENGLISH
  Cucumber: 11205, // CUCUMBER,WITH PEEL,RAW
  Zucchini: 11477, // SQUASH,SMMR,ZUCCHINI,INCL SKN,RAW
  Orange: 9200, // ORANGES,RAW,ALL COMM VAR
  "Vegetable oil": 4582, // OIL,CANOLA
  "Lemon juice": 9152, // LEMON JUICE,RAW
  Broccoli: 11090, // BROCCOLI,RAW
  Celery: 11143, // CELERY,RAW
  "Cocoa powder": 19165, // COCOA,DRY PDR,UNSWTND
};

/** Plurals and other forms cooks write that the tables list only in the singular. */
const FORMS: [string, string][] = [
  ["Zwiebeln", "Onion"],
  ["Eier", "Egg"],
  ["Kartoffeln", "Potato"],
  ["Tomaten", "Tomato"],
  ["Karotten", "Carrot"],
  ["Äpfel", "Apple"],
  ["oignons", "Onion"],
  ["tomates", "Tomato"],
  ["carottes", "Carrot"],
  ["pommes", "Apple"],
  ["cebollas", "Onion"],
  ["huevos", "Egg"],
  ["patatas", "Potato"],
  ["zanahorias", "Carrot"],
  ["manzanas", "Apple"],
  ["cipolle", "Onion"],
  ["pomodori", "Tomato"],
  ["carote", "Carrot"],
  ["patate", "Potato"],
  ["tomaten", "Tomato"],
  ["eieren", "Egg"],
  ["cebolas", "Onion"],
  ["ovos", "Egg"],
  ["batatas", "Potato"],
  ["tomater", "Tomato"],
  ["morötter", "Carrot"],
  ["onions", "Onion"],
  ["eggs", "Egg"],
  ["potatoes", "Potato"],
  ["tomatoes", "Tomato"],
  ["carrots", "Carrot"],
  ["apples", "Apple"],
  ["lemons", "Lemon"],
  ["strawberries", "Strawberry"],
  ["mushrooms", "Mushroom"],
  ["walnuts", "Walnut"],
  ["lentils", "Lentil"],
];

/**
 * Names as the page import leaves them (the line's words around the food kept), by the rule of
 * core/nutrition/match.ts each shows, with the food each must get; in the ten languages.
 */
const RULES: [name: string, language: string, id: number, rule: string][] = [
  // The forms the lexicon reads: a name listed in the plural is found in the singular too.
  ["Zwiebel", "de", 11282, "form"],
  ["Tomate", "de", 11529, "form"],
  ["Karotte", "de", 11124, "form"],
  // The food at the end of a longer name, where the language names the head last; brand and
  // marketing words before it are not read.
  ["Rode ui", "nl", 11282, "end"],
  ["Milde olijfolie", "nl", 4053, "end"],
  ["Gul lök", "sv", 11282, "end"],
  ["Modne mango", "nb", 9176, "end"],
  ["Rød chili", "da", 11670, "end"],
  ["SimplyNature Organic Baby Spinach", "en", 11457, "end"],
  ["SimplyNature Organic Cage Free Eggs", "en", 1123, "end"],
  ["Low-protein all-purpose flour", "en", 20081, "end"],
  ["Whole-milk Greek yogurt", "en", 1293, "end"],
  ["Traditionele olijfolie", "nl", 4053, "end"],
  // A number names no food (but `Type 405` is a whole name).
  ["Sahne 30 %", "de", 1053, "number"],
  ["Type 405", "de", 20081, "number"],
  // A food named before `from`, `with`: the words before it.
  ["Svenskt Smör från Arla", "sv", 1001, "before from"],
  ["Smør fra Arla", "da", 1001, "before from"],
  ["Turbinado sugar for sprinkling on top", "en", 19908, "before for"], // SUGAR,TURBINADO: says it all
  ["Grädde till servering", "sv", 1053, "before for"],
  // At the start, where the language names the head first.
  ["Panna fresca liquida", "it", 1053, "start"],
  ["Gelatina in fogli", "it", 19177, "start"],
  ["Arroz carolino", "pt", 20044, "start"],
  ["Cebolla morada", "es", 11282, "start"],
  ["Oignon jaune", "fr", 11282, "start"],
  // The end of one compound word, where the language compounds.
  ["Sonnenblumenöl", "de", 4582, "compound"],
  ["Gemüsebrühe", "de", 6700, "compound"],
  ["Strösocker", "sv", 19335, "compound"],
  ["Vetemjöl", "sv", 20081, "compound"],
  ["Sødmælk", "da", 1077, "compound"],
  ["Piskefløde", "da", 1053, "compound"],
  ["Vaniljesukker", "da", 19335, "compound"],
  ["Rødløk", "nb", 11282, "compound"],
  ["Trostomaten", "nl", 11529, "compound"],
  // A name of two foods is its first; one word before `or` shares the head after it.
  ["Salt and pepper", "en", 2047, "two foods"],
  ["Salz und Pfeffer", "de", 2047, "two foods"],
  ["Sel et poivre", "fr", 2047, "two foods"],
  ["Smör eller olivolja", "sv", 1001, "two foods"],
  ["Vegetable or sunflower oil", "en", 4582, "two foods"],
  ["Unsalted or low-sodium chicken stock", "en", 6194, "two foods"],
  ["Oatly iMat eller vispgrädde", "sv", 1053, "two foods, the first unknown"],
  // Words that change the food steer it to that form of the same food.
  ["Cooked brown rice", "en", 20037, "qualifier"],
  ["Cooked instant brown rice", "en", 20037, "qualifier"],
  ["Cooked white rice", "en", 20045, "qualifier"],
  ["Gekochter Reis", "de", 20045, "qualifier"],
  ["Riso cotto", "it", 20045, "qualifier"],
  ["Cooked chicken breast", "en", 5064, "qualifier"],
  ["Hot cooked egg noodles", "en", 20110, "qualifier"],
  ["Pot fat-free natural yogurt", "en", 1118, "qualifier"],
  ["Semi-zongedroogde tomaten", "nl", 11955, "qualifier"],
  ["Lean ground beef", "en", 23572, "qualifier"],
  ["Lettrømme", "nb", 1055, "qualifier"],
  ["Arroz branco cozido", "pt", 20045, "qualifier"],
  ["Riz basmati cuit", "fr", 20045, "qualifier"],
  // A name the lexicon lacks, in the table's own words (`mince` is `ground`).
  ["Pork mince", "en", 10972, "table"], // PORK,GROUND,84% LN / 16% FAT,RAW
  // A broth is the liquid; foods the rules cannot read are pinned.
  ["Fleischbrühe", "de", 6008, "pinned"],
  ["Chicken stock", "en", 6194, "pinned"],
  ["Mascarpone", "it", 1017, "pinned"],
  ["Crème fraîche", "fr", 1053, "pinned"],
  ["Sucre vanillé", "fr", 19335, "pinned"],
  ["Zuckerschoten", "de", 11300, "pinned"],
];

/** Every name of every staple: English name and aliases (descriptive words among them), each language's names. */
function cases(): [name: string, language: string, english: string][] {
  const all: [string, string, string][] = [];
  for (const food of FOODS)
    if (food.name in STAPLES)
      for (const name of [food.name, ...food.aliases]) all.push([name, "en", food.name]);
  for (const [code, language] of Object.entries(LANGUAGES)) {
    if (code === "en") continue;
    for (const [names, english] of foodRows(language))
      if (english in STAPLES)
        for (const name of names.split("|")) all.push([name.trim(), code === "no" ? "nb" : code, english]);
  }
  for (const [name, english] of FORMS) all.push([name, "form", english]);
  return all;
}

describe("matching a name in any of the ten languages (matchFood)", () => {
  it("gives each staple's names in every language the food read in the table", {
    timeout: 60_000,
  }, async () => {
    const table = cases();
    const misses: string[] = [];
    for (const [name, language, english] of table) {
      const found = await matchFood(getDb(), name);
      if (found?.id !== STAPLES[english])
        misses.push(`${language} '${name}' (${english}): ${found ? `${found.id} ${found.name}` : "none"}`);
    }
    const share = (table.length - misses.length) / table.length;
    console.log(
      `matchFood: ${table.length - misses.length} of ${table.length} names right (${(share * 100).toFixed(1)} %)` +
        (misses.length ? `; misses:\n  ${misses.join("\n  ")}` : ""),
    );
    expect(table.length).toBeGreaterThanOrEqual(300);
    expect(new Set(table.map(([, language]) => language))).toEqual(
      new Set(["en", "de", "fr", "es", "it", "nl", "pt", "sv", "da", "nb", "form"]),
    );
    expect(share).toBeGreaterThanOrEqual(0.95);
  });

  it("reads a name as the page import's lexicon does: its forms, the food within a longer name, two foods, qualifiers", async () => {
    const misses: string[] = [];
    for (const [name, language, id, rule] of RULES) {
      const found = await matchFood(getDb(), name);
      if (found?.id !== id)
        misses.push(
          `${language} '${name}' (${rule}, ${id}): ${found ? `${found.id} ${found.name}` : "none"}`,
        );
    }
    console.log(
      `matchFood, the lexicon's rules: ${RULES.length - misses.length} of ${RULES.length} names right` +
        (misses.length ? `; misses:\n  ${misses.join("\n  ")}` : ""),
    );
    expect(new Set(RULES.map(([, language]) => language))).toEqual(
      new Set(["en", "de", "fr", "es", "it", "nl", "pt", "sv", "da", "nb"]),
    );
    expect(misses).toEqual([]);
  });

  it("finds an English name the lexicon lacks in the table itself, raw over cooked", async () => {
    expect(await matchFood(getDb(), "Turnips")).toMatchObject({ id: 11564, name: "TURNIPS,RAW" });
    expect(await matchFood(getDb(), "quail egg")).toMatchObject({ name: "EGG,QUAIL,WHOLE,FRESH,RAW" });
    expect(await matchFood(getDb(), "xyzzy")).toBeUndefined();
    expect(await matchFood(getDb(), "  ")).toBeUndefined();
  });
});

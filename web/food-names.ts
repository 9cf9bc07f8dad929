/**
 * The Vite plugin that gives the app the built-in foods' names in each of its languages, made at
 * build time from the tables the page import reads with (core/words/foods.ts through
 * core/page-import/lexicon.ts's foodRows, and core/page-import/foods.ts): `virtual:food-names/de`
 * gives src/i18n/food-names.ts what an ingredient called `Sugar`, `sucre` or `Eggs` shows as to a
 * German reader (`Zucker`, `Zucker`, `Ei`): the language's table, read by
 * src/i18n/food-name-table.ts's namer. One module a language, each its own chunk, fetched only
 * when that language is (src/i18n/food-names.ts). Used by the build, the dev server and the unit
 * tests alike.
 *
 * A language's table (src/i18n/food-name-table.ts, FoodNameTable): a line for each food it names,
 * its usual (first) name there (for English: the food's English name) shown for the names the food
 * has elsewhere: its English name and aliases, its usual name in each other language. The
 * language's own names are no keys: a name it already has shows as stored (`Eier`, `plain flour`),
 * as does every name of a food it does not name. A key is kept by the first food that has it and
 * never when it is one of the language's own names (`mel` is honey in Portuguese, flour in Danish).
 * A name that is a kind of the food rather than its name (kindsOf: `spaghetti` of the tables' dry
 * pasta, `Macaroni`) is no key, and a language whose usual name for a food is one has no line for it.
 */

import { join } from "node:path";
import type { Plugin } from "vite";
import { FOODS } from "../core/page-import/foods.ts";
import { foodRows } from "../core/page-import/lexicon.ts";
import { LANGUAGES as TABLES } from "../core/words/index.ts";
import { wordsOf } from "../core/words/words.ts";
import { type FoodNameTable, lookupForms } from "./src/i18n/food-name-table.ts";
import { LANGUAGES, type Language } from "./src/i18n/languages.ts";

const PREFIX = "virtual:food-names/";
/** The reader of a table (namer): a chunk the language modules share, not in the first page. */
const READER = join(import.meta.dirname, "src/i18n/food-name-table.ts");
/** A module no file holds (Rollup's `\0`), named so that its chunk is `_food-names-<language>-….js`. */
const RESOLVED = "\0food-names-";

/** The tables' code of an app language: Norwegian Bokmål is `no` there. */
const tableCode = (language: Language): string => (language === "nb" ? "no" : language);

/** Each food's names in each language of the tables: English name → code → names, usual first. */
let namesByFood: Map<string, Map<string, string[]>> | undefined;

function foodNamesByLanguage(): Map<string, Map<string, string[]>> {
  if (namesByFood) return namesByFood;
  const byFood = new Map(FOODS.map((food) => [food.name, new Map([["en", [food.name, ...food.aliases]]])]));
  for (const [code, table] of Object.entries(TABLES)) {
    if (code === "en") continue;
    for (const [names, english] of foodRows(table)) {
      const food = byFood.get(english);
      if (!food)
        throw new Error(`core/words/foods.ts names '${english}', which core/page-import/foods.ts lacks.`);
      food.set(code, [...(food.get(code) ?? []), ...wordsOf(names)]);
    }
  }
  namesByFood = byFood;
  return byFood;
}

/** A language that lists this many names of a food or more lists kinds of it (pasta shapes). */
const KINDS_FROM = 4;

/**
 * The names that are kinds of a food rather than its name (lower case): those a language lists after
 * its usual name among KINDS_FROM or more (`Nudeln|Makkaroni|Penne|Spaghetti|…`), unless English
 * names the food so. The tables' `Macaroni` is all dry pasta, and Italian's usual name for it
 * `spaghetti`: an ingredient called `Spaghetti` is no `Macaroni`, nor `Pasta` Italian `spaghetti`.
 */
function kindsOf(names: ReadonlyMap<string, readonly string[]>): Set<string> {
  const english = new Set((names.get("en") ?? []).map((name) => name.toLowerCase()));
  const lists = [...names].filter(([code, list]) => code !== "en" && list.length >= KINDS_FROM);
  const kinds = lists.flatMap(([, list]) => list.slice(1).map((name) => name.toLowerCase()));
  return new Set(kinds.filter((name) => !english.has(name)));
}

/** The table of one app language (see the top of this file). */
export function foodNameTable(language: Language): FoodNameTable {
  const own = tableCode(language);
  const byFood = foodNamesByLanguage();
  const codes = ["en", ...LANGUAGES.map(tableCode).filter((code) => code !== "en")];
  const ownNames = new Set(
    [...byFood.values()].flatMap((names) => names.get(own) ?? []).map((name) => name.toLowerCase()),
  );
  const taken = new Set(ownNames);
  const foods: string[] = [];
  for (const names of byFood.values()) {
    const display = names.get(own)?.[0];
    const kind = kindsOf(names);
    if (!display || kind.has(display.toLowerCase())) continue;
    const elsewhere = codes
      .filter((code) => code !== own)
      .flatMap((code) => (code === "en" ? (names.get(code) ?? []) : (names.get(code)?.slice(0, 1) ?? [])));
    const keys = [...new Set(elsewhere.map((name) => name.toLowerCase()))].filter(
      (key) => !taken.has(key) && !kind.has(key),
    );
    for (const key of keys) taken.add(key);
    if (keys.length > 0) foods.push([display, ...keys].join("|"));
  }
  // Own names the plural rule would read as a key (`tagliatelles` → `tagliatelle`) stay as stored.
  const keys = new Set(foods.flatMap((line) => line.split("|").slice(1)));
  const keep = [...ownNames].filter((name) => lookupForms(name).some((form) => keys.has(form)));
  return { foods, keep };
}

export function foodNames(): Plugin {
  return {
    name: "food-names",
    resolveId(id) {
      return id.startsWith(PREFIX) ? `${RESOLVED}${id.slice(PREFIX.length)}` : null;
    },
    load(id) {
      if (!id.startsWith(RESOLVED)) return null;
      const language = id.slice(RESOLVED.length);
      if (!(LANGUAGES as readonly string[]).includes(language))
        throw new Error(`${PREFIX}${language}: the app has no language '${language}'.`);
      const table = JSON.stringify(foodNameTable(language as Language));
      return {
        code: `import { namer } from ${JSON.stringify(READER)};\nexport default namer(${table});`,
        moduleType: "js",
      };
    },
  };
}

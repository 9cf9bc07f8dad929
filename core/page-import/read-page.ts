/**
 * The CPU-bound half of an import, with no database and no network: a page, pasted HTML or JSON-LD →
 * the recipe's fields and its ingredient lines parsed in the page's language; and the lines a person
 * types, parsed. service.ts matches the result to stored ingredients and weighs it.
 *
 * Where it runs (pageReading, lineReading): in the calling thread by default (a Lambda serves one request at a
 * time), or on the local server's worker pool (read-pool.ts, installed with `readPagesWith`), where a
 * crafted page cannot hold every other request of the process and a deadline stops any that runs long.
 */

import { Invalid } from "../errors.ts";
import { MAX_ELEMENTS, tooManyElements } from "./html.ts";
import { htmlRecipe } from "./html-recipe.ts";
import { type ParsedLine, parseIngredientLine } from "./ingredient-line.ts";
import { parseJsonLd } from "./lenient-json.ts";
import {
  findRecipe,
  inLanguageOf,
  languageTag,
  microdataItems,
  type PageContext,
  type RecipeFields,
  readRecipe,
  scanPage,
} from "./schema-org.ts";

/** Ingredient lines and steps kept of a page. */
export const MAX_LINES = 200;

/** Where the recipe is read from, and how to name that place in a message. */
export type Source = {
  html?: string;
  /** JSON-LD sent as JSON. */
  json?: unknown;
  /** JSON-LD fetched as text, read leniently (trailing commas, comments). */
  jsonText?: string;
  base: string | undefined;
  field: "url" | "html" | "json";
  where: string;
};

/** A page's recipe: its fields, and its first MAX_LINES ingredient lines parsed, headings left out. */
export type PageReading = {
  fields: RecipeFields;
  lines: ParsedLine[];
  /** How the page measures cups and spoons. */
  system: "us" | "metric";
};

/**
 * JSON-LD first (every block of the page), then microdata, then the recipe cards and headings of
 * the page's HTML (html-recipe.ts); with what the page says around the
 * recipe: its language (an `inLanguage` of the page's JSON-LD, else `<html lang>`, else `og:locale`)
 * and its `og:image`. The last two make the page a tree, which a page of more than MAX_ELEMENTS
 * elements cannot be (422, without trying).
 */
function locateRecipe(source: Source): { found: ReturnType<typeof findRecipe>; page: PageContext } {
  if (source.html === undefined) {
    const json = source.jsonText === undefined ? source.json : parseJsonLd(source.jsonText);
    return { found: findRecipe(json), page: { language: inLanguageOf(json) } };
  }
  const page = scanPage(source.html);
  let found = findRecipe(page.blocks);
  if (!found && page.elements > MAX_ELEMENTS) throw tooManyElements();
  found ??= findRecipe(microdataItems(source.html, source.base)) ?? findRecipe(htmlRecipe(source.html));
  return {
    found,
    page: { language: inLanguageOf(page.blocks) ?? languageTag(page.lang), image: page.image },
  };
}

// Languages that write decimals with a comma (`0,5 kg`).
const COMMA_LANGUAGES = new Set(
  "de fr es it nl pt pl sv da nb nn no fi cs sk ru uk tr el hu ro bg hr sl sr lt lv et is ca eu gl id vi".split(
    " ",
  ),
);

/**
 * How the lines of a page in the language `tag` (`en-gb`, lower case) are read: US customary cups
 * and spoons unless the language says otherwise; the language itself as an ISO 639-1 code.
 */
export function readingRules(tag: string | undefined): {
  system: "us" | "metric";
  decimalComma: boolean;
  language: string | undefined;
} {
  const code = tag?.split("-")[0];
  const language = code?.length === 2 ? code : undefined;
  if (!tag || tag === "en" || tag.startsWith("en-us")) return { system: "us", decimalComma: false, language };
  if (tag.startsWith("en")) return { system: "metric", decimalComma: false, language };
  return { system: "metric", decimalComma: COMMA_LANGUAGES.has(code ?? ""), language };
}

/** The recipe of a page or JSON-LD; 422 when it holds none. */
export function readPage(source: Source): PageReading {
  const { found, page } = locateRecipe(source);
  if (!found) {
    const message = `No recipe was found ${source.where}.`;
    throw Invalid(message, [{ path: source.field, message }]);
  }
  const fields = readRecipe(found.recipe, found.resolve, source.base, page);
  const rules = readingRules(fields.language);
  const lines = fields.ingredientLines
    .slice(0, MAX_LINES)
    .map((line) => parseIngredientLine(line, { language: rules.language, decimalComma: rules.decimalComma }))
    .filter((line) => !line.isHeader);
  return { fields, lines, system: rules.system };
}

/**
 * Lines as a person types them in the editor, in `language` as a page in it is read (its units,
 * words and foods, its decimal comma); without one, as a page without a language: English plus the
 * units every table agrees on, foods looked for in every table, a decimal point.
 */
export function readLineTexts(lines: readonly string[], language?: string): ParsedLine[] {
  const rules = readingRules(language);
  const options = language ? { language: rules.language, decimalComma: rules.decimalComma } : {};
  return lines.map((line) => parseIngredientLine(line, options));
}

/** What a reading worker is asked (read-worker.ts). */
export type ReadJob =
  | { op: "page"; source: Source }
  | { op: "lines"; lines: readonly string[]; language?: string | undefined };

/** Where pages and lines are read. */
export type PageReader = {
  readPage(source: Source): Promise<PageReading>;
  readLines(lines: readonly string[], language?: string): Promise<ParsedLine[]>;
};

/** The process's reader when it has one (the local server's pool); else this thread reads. */
let installed: PageReader | undefined;

/** Reads every later page and line of this process with `next` (the local server's worker pool). */
export function readPagesWith(next: PageReader): void {
  installed = next;
}

// Two functions, not one reader object, so that a Lambda that reads only lines carries no page reader.

/** readPage, where this process reads pages. */
export const pageReading = async (source: Source): Promise<PageReading> =>
  installed ? installed.readPage(source) : readPage(source);

/** readLineTexts, where this process reads lines. */
export const lineReading = async (lines: readonly string[], language?: string): Promise<ParsedLine[]> =>
  installed ? installed.readLines(lines, language) : readLineTexts(lines, language);

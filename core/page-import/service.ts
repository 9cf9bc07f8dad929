/**
 * `POST /recipes/import`: a page (fetched, pasted, or its JSON-LD) → a draft recipe in grams.
 * Nothing is saved; the client reviews the draft and saves it with the ordinary recipe routes.
 */

import { singular } from "../amount/plural.ts";
import type { Caller } from "../auth/caller.ts";
import { take } from "../auth/throttle.ts";
import type { Db } from "../db.ts";
import { MAX_GRAMS } from "../ids.ts";
import { FETCH_LIMIT, fetchBudgetKey } from "../net/fetch-ration.ts";
import { type FetchRules, fetchSafely } from "../net/safe-fetch.ts";
import { gramsFor } from "./grams.ts";
import type { ParsedLine } from "./ingredient-line.ts";
import { foodNames } from "./lexicon.ts";
import {
  lineReading,
  MAX_LINES,
  type PageReading,
  pageReading,
  readingRules,
  type Source,
} from "./read-page.ts";
import { findIngredientsByNames, type IngredientWeightsRow } from "./repository.ts";
import type { RecipeFields } from "./schema-org.ts";
import type { DraftIngredient, RecipeDraft, RecipeImportRequest } from "./schemas.ts";
import { foodKey, foodNamed } from "./text.ts";

const PAGE_TYPES = ["text/html", "application/xhtml+xml", "application/ld+json", "application/json"];
const JSON_TYPES = new Set(["application/ld+json", "application/json"]);

const MAX_TIME_SEC = 1_000_000_000;

export type { Source };

/** Existing ingredients by name (findIngredientsByNames): the database, or nothing at all in the corpus tests. */
export type FindIngredients = (names: string[]) => Promise<IngredientWeightsRow[]>;

/** Bytes → text: the charset the server named, else the page's own `<meta charset>`, else UTF-8. */
function decodePage(body: Buffer, charset: string | undefined): string {
  const declared =
    charset ??
    /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(body.subarray(0, 4096).toString("latin1"))?.[1];
  try {
    return new TextDecoder(declared ?? "utf-8").decode(body);
  } catch {
    return new TextDecoder("utf-8").decode(body);
  }
}

/** The page or JSON-LD to read; `fetchRules` lets the corpus tests fetch from a local server. */
export async function readSource(
  input: RecipeImportRequest,
  fetchRules: Pick<FetchRules, "allowPrivateHosts"> = {},
): Promise<Source> {
  if (input.html !== undefined)
    return { html: input.html, base: input.url, field: "html", where: "in the HTML" };
  if (input.json !== undefined)
    return { json: input.json, base: input.url, field: "json", where: "in the JSON-LD" };
  const url = input.url ?? "";
  const fetched = await fetchSafely(url, {
    ...fetchRules,
    accept: PAGE_TYPES,
    expected: "a web page or JSON-LD",
  });
  const text = decodePage(fetched.body, fetched.charset);
  const where = `at '${url}'`;
  if (!JSON_TYPES.has(fetched.mediaType)) return { html: text, base: fetched.url, field: "url", where };
  return { jsonText: text, base: fetched.url, field: "url", where };
}

/**
 * The existing ingredient each line means, by the database's name rule (name_key(): case and plural
 * blind): the line's name itself, else the name without its descriptive words (`large eggs` →
 * `Eggs`), else an ingredient that is the built-in food the name is in the line's language, called by
 * that food's name (`Zucker`, `plain flour` → `Sugar`, `Flour`) or by any of its names in any
 * language (`sugar` → an ingredient `Zucker`; the oldest, if several are).
 */
async function matchIngredients(
  find: FindIngredients,
  lines: readonly ParsedLine[],
): Promise<(IngredientWeightsRow | undefined)[]> {
  const asked = lines.map(({ name, namedFood }) => {
    const food = namedFood ?? foodNamed(name);
    return { name, plain: foodKey(name), food: food?.name, foods: food ? foodNames(food) : [] };
  });
  const rows = await find(asked.flatMap(({ name, plain, foods }) => [name, plain, ...foods].filter(Boolean)));
  // One row at most per name asked (the unique index on name_key); oldest first for the food's names.
  rows.sort((a, b) => a.id - b.id);
  const byAsked = new Map(rows.map((row) => [row.asked, row]));
  return asked.map(
    ({ name, plain, food, foods }) =>
      byAsked.get(name) ??
      byAsked.get(plain) ??
      (food === undefined ? undefined : byAsked.get(food)) ??
      rows.find((row) => foods.includes(row.asked)),
  );
}

/** The name a new ingredient gets: the line's own words, the last one singular (`Red onion`, `Egg`). */
function newIngredientName(name: string): string {
  const words = name.split(" ");
  const last = words.pop() ?? "";
  const singularLast = /^[a-z]+$/.test(last) ? singular(last) : last;
  const text = [...words, singularLast].join(" ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

async function draftIngredients(
  find: FindIngredients,
  lines: ParsedLine[],
  system: "us" | "metric",
  warnings: string[],
): Promise<DraftIngredient[]> {
  const matches = await matchIngredients(find, lines);
  return lines.map((line, i) => {
    const match = matches[i];
    const label = `Ingredient ${i + 1} ('${line.text}')`;
    let grams = gramsFor(line, match, line.food, system);
    if (grams.grams !== null && grams.grams > MAX_GRAMS)
      grams = {
        grams: null,
        from: "unknown",
        estimated: false,
        how: `${grams.how}, more than a line may hold`,
      };
    if (grams.from === "unknown")
      warnings.push(
        `${label}: the grams are unknown (${grams.how}); enter them if you know them, or save the line without.`,
      );
    else if (grams.estimated)
      warnings.push(`${label}: ${grams.how} = ${grams.grams} g, an estimate to check.`);
    return {
      text: line.text,
      amount_readable: line.amountReadable,
      amount_grams: grams.grams,
      grams_from: grams.from,
      ingredient_id: match?.id ?? null,
      ingredient_name: (match?.name ?? newIngredientName(line.name)).slice(0, 100),
      note: line.note,
    };
  });
}

/** parseLines without its throttle, the ingredients found by `find` (the benchmark's: none). */
export const readLines = async (
  lines: readonly string[],
  find: FindIngredients,
  language?: string,
): Promise<DraftIngredient[]> =>
  draftIngredients(find, await lineReading(lines, language), readingRules(language).system, []);

const clampTime = (seconds: number | null | undefined) =>
  seconds === null || seconds === undefined ? null : Math.min(seconds, MAX_TIME_SEC);

/**
 * Prep, cook and total time as the page gives them. The total keeps resting, rising and chilling
 * (croissants: 22 hours, of which prep and cook are 75 minutes); it is null when it is just prep +
 * cook, which is what null means, so that a later change to either keeps the total right.
 */
function times(fields: RecipeFields, warnings: string[]) {
  for (const [name, value] of [
    ["prep", fields.prepTime],
    ["cook", fields.cookTime],
    ["total", fields.totalTime],
  ] as const) {
    if (value === undefined) warnings.push(`The recipe's ${name} time could not be read.`);
  }
  const prep = clampTime(fields.prepTime);
  const cook = clampTime(fields.cookTime);
  const total = clampTime(fields.totalTime);
  const sum = prep === null && cook === null ? null : (prep ?? 0) + (cook ?? 0);
  return { prep_time_sec: prep, cook_time_sec: cook, total_time_sec: total === sum ? null : total };
}

/** The draft the client reviews: every field of a recipe, each line with its grams and where they came from. */
async function buildDraft(
  find: FindIngredients,
  { fields, lines, system }: PageReading,
  sourceUrl: string | null,
): Promise<RecipeDraft> {
  const warnings: string[] = [];
  if (fields.ingredientLines.length > MAX_LINES)
    warnings.push(`Only the first ${MAX_LINES} ingredient lines were kept.`);
  const ingredients = await draftIngredients(find, lines, system, warnings);
  const steps = fields.steps.slice(0, MAX_LINES).map((step) => ({ description: step.slice(0, 5000) }));
  if (fields.steps.length > MAX_LINES) warnings.push(`Only the first ${MAX_LINES} steps were kept.`);
  if (!fields.title) warnings.push("The recipe has no title.");
  if (fields.servings === null) warnings.push("The recipe does not say how many servings it makes.");
  if (ingredients.length === 0) warnings.push("The recipe lists no ingredients.");
  if (steps.length === 0) warnings.push("The recipe has no steps.");
  return {
    title: (fields.title || "Imported recipe").slice(0, 200),
    description: fields.description?.slice(0, 10_000) ?? null,
    ...times(fields, warnings),
    servings: fields.servings,
    source_url: sourceUrl,
    image_url: fields.imageUrl && fields.imageUrl.length <= 2000 ? fields.imageUrl : null,
    category_names: fields.categoryNames,
    ingredients,
    steps,
    warnings,
  };
}

/**
 * Reads a recipe from a page at `url` (fetched under the safe-fetch rules), from pasted `html`, or
 * from `json` (JSON-LD), and answers a draft in grams. Throttled per user (429 with Retry-After);
 * 422 when the page cannot be fetched or holds no recipe.
 */
export async function importRecipe(db: Db, input: RecipeImportRequest, caller: Caller): Promise<RecipeDraft> {
  await take(db, fetchBudgetKey(caller.id), FETCH_LIMIT, "Too many imports. Try again in {s} seconds.");
  const source = await readSource(input);
  return draftFromSource(source, input.url, (names) => findIngredientsByNames(db, names));
}

/** The draft for a page or JSON-LD already at hand; 422 when it holds no recipe. */
export async function draftFromSource(
  source: Source,
  givenUrl: string | undefined,
  find: FindIngredients,
): Promise<RecipeDraft> {
  const reading = await pageReading(source);
  const sourceUrl = givenUrl ? new URL(givenUrl).href : reading.fields.url;
  return buildDraft(find, reading, sourceUrl && sourceUrl.length <= 2000 ? sourceUrl : null);
}

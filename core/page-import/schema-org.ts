/**
 * Finding a schema.org Recipe in a page and reading its fields, in the shapes found in the wild:
 * JSON-LD as an object, an array or a `@graph` (Yoast), the recipe under `WebPage.mainEntity`,
 * `@type` arrays (`["Recipe", "NewsArticle"]`), `@id` references, several blocks with one recipe
 * among them; then microdata. Instructions as text, strings, `HowToStep`s, `HowToSection`s (single
 * `itemListElement` objects too) or `ItemList`/`ListItem`; yields as numbers, lists or
 * `"Serves 6-8"`; durations that are not strict ISO 8601 (`PT1.5H`, `12-15 minutes`).
 */

import { Parser } from "htmlparser2";
import type { Recipe } from "schema-dts";
import { parse as parseIsoDuration } from "tinyduration";
import { NestingLimit } from "./html.ts";
import { type MicrodataItem, readMicrodata } from "./microdata.ts";
import { htmlToText } from "./text.ts";

/** A JSON-LD node: the recipe's own properties are those of schema-dts's `Recipe`. */
type Node = Record<string, unknown>;

export const isNode = (value: unknown): value is Node =>
  typeof value === "object" && value !== null && !Array.isArray(value);
export const asArray = (value: unknown): unknown[] =>
  value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];

/** `Recipe`, `schema:Recipe`, `http://schema.org/Recipe` → `recipe`. */
export const typesOf = (node: Node): string[] =>
  asArray(node["@type"]).map((t) =>
    String(t)
      .replace(/^.*[/#:]/, "")
      .toLowerCase(),
  );

const PREFIXES = ["", "schema:", "http://schema.org/", "https://schema.org/"];

/** A property under any of the spellings contexts produce (`name`, `schema:name`, full IRIs). */
function prop(
  node: Node,
  name: keyof Recipe | "text" | "itemListElement" | "url" | "contentUrl" | "item" | "mainEntity",
): unknown {
  for (const prefix of PREFIXES) {
    const value = node[`${prefix}${name}`];
    if (value !== undefined) return value;
  }
  return undefined;
}

/** `{"@value": "x"}` (expanded JSON-LD) → `"x"`. */
const unwrap = (value: unknown): unknown => (isNode(value) && "@value" in value ? value["@value"] : value);

/** Page parts the import reads: every JSON-LD block (parsed; broken ones skipped) and the page's language. */
export function scanPage(html: string): { blocks: unknown[]; lang: string | undefined } {
  const blocks: unknown[] = [];
  let lang: string | undefined;
  let inJsonLd = false;
  let buffer = "";
  const nesting = new NestingLimit();
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        nesting.open();
        if (name === "html" && attributes.lang) lang = attributes.lang;
        if (name === "script" && /ld\+json/i.test(attributes.type ?? "")) {
          inJsonLd = true;
          buffer = "";
        }
      },
      ontext(text) {
        if (inJsonLd) buffer += text;
      },
      onclosetag(name) {
        nesting.close();
        if (name !== "script" || !inJsonLd) return;
        inJsonLd = false;
        const json = parseJsonLoosely(buffer);
        if (json !== undefined) blocks.push(json);
      },
    },
    { decodeEntities: false },
  );
  parser.write(html);
  parser.end();
  return { blocks, lang };
}

/** JSON as pages embed it: sometimes in a CDATA or comment wrapper, sometimes with raw newlines in strings. */
function parseJsonLoosely(text: string): unknown {
  const trimmed = text
    .trim()
    .replace(/^(?:\/\/\s*)?<!\[CDATA\[|(?:\/\/\s*)?\]\]>$/g, "")
    .replace(/^<!--|-->$/g, "")
    .trim();
  for (const candidate of [trimmed, trimmed.replace(/[\r\n\t]+/g, " ")]) {
    try {
      return JSON.parse(candidate);
    } catch {
      // try the next repair, then give up on this block
    }
  }
  return undefined;
}

/** Every node with an `@id`, so that `{"@id": "#primaryimage"}` can be followed. */
function indexIds(root: unknown, index: Map<string, Node>, depth = 0): void {
  if (depth > 30) return;
  for (const value of asArray(root)) {
    if (!isNode(value)) continue;
    const id = value["@id"];
    if (typeof id === "string" && Object.keys(value).length > 1 && !index.has(id)) index.set(id, value);
    for (const child of Object.values(value))
      if (typeof child === "object") indexIds(child, index, depth + 1);
  }
}

/** The first Recipe node in document order, wherever it is nested, with a resolver for `@id` references. */
export function findRecipe(
  root: unknown,
): { recipe: Node; resolve: (value: unknown) => unknown } | undefined {
  const index = new Map<string, Node>();
  indexIds(root, index);
  const resolve = (value: unknown): unknown => {
    if (isNode(value) && typeof value["@id"] === "string" && Object.keys(value).length === 1) {
      return index.get(value["@id"]) ?? value;
    }
    return value;
  };
  const seen = new Set<unknown>();
  const walk = (value: unknown, depth: number): Node | undefined => {
    if (depth > 30 || typeof value !== "object" || value === null || seen.has(value)) return undefined;
    seen.add(value);
    if (Array.isArray(value)) {
      for (const item of value) {
        const found = walk(resolve(item), depth + 1);
        if (found) return found;
      }
      return undefined;
    }
    const node = value as Node;
    if (typesOf(node).includes("recipe")) return node;
    for (const child of Object.values(node)) {
      const found = walk(resolve(child), depth + 1);
      if (found) return found;
    }
    return undefined;
  };
  const recipe = walk(root, 0);
  return recipe ? { recipe, resolve } : undefined;
}

/** Microdata items → JSON-LD-like nodes (`{type: [...], properties: {name: ["x"]}}` → `{"@type", name: "x"}`). */
function microdataToNode(item: MicrodataItem): Node {
  const node: Node = { "@type": item.type };
  for (const [name, values] of Object.entries(item.properties)) {
    const converted = values.map((v) => (typeof v === "string" ? v : microdataToNode(v)));
    node[name] = converted.length === 1 ? converted[0] : converted;
  }
  return node;
}

/** The page's microdata items (with relative URLs made absolute against `base`); never throws. */
export function microdataItems(html: string, base: string | undefined): Node[] {
  return readMicrodata(html, base).map(microdataToNode);
}

const text = (value: unknown): string => {
  const v = unwrap(value);
  return typeof v === "string" ? htmlToText(v) : typeof v === "number" ? String(v) : "";
};

/** The first piece of text among a value or a list of values. */
const firstText = (value: unknown): string => asArray(value).map(text).find(Boolean) ?? "";

const DURATION_UNITS: Record<string, number> = { d: 86_400, h: 3_600, m: 60, s: 1 };

/**
 * Seconds in a duration: strict ISO 8601 (`PT1H30M`) and its common liberties (`PT1.5H`, `PT0M`,
 * lower case), then plain words (`1 hour 30 minutes`, `12-15 minutes` → the lower bound).
 * Undefined when nothing can be read, null when nothing was given.
 */
export function parseDuration(value: unknown): number | null | undefined {
  const raw = firstText(value).trim();
  if (!raw) return null;
  try {
    const d = parseIsoDuration(raw.toUpperCase());
    const seconds =
      (((d.weeks ?? 0) * 7 + (d.days ?? 0)) * 24 + (d.hours ?? 0)) * 3600 +
      (d.minutes ?? 0) * 60 +
      (d.seconds ?? 0);
    return Math.round(seconds);
  } catch {
    // not ISO 8601: read the words
  }
  const words =
    /(\d+(?:[.,]\d+)?)(?:\s*(?:-|–|to)\s*\d+(?:[.,]\d+)?)?\s*(days?|d|hours?|hrs?|h|minutes?|mins?|m|seconds?|secs?|s)\b/gi;
  let total = 0;
  let found = false;
  for (const match of raw.replace(/^P(T)?/i, "").matchAll(words)) {
    const unit = (match[2] ?? "").toLowerCase();
    const per =
      DURATION_UNITS[
        unit.startsWith("h") ? "h" : unit.startsWith("d") ? "d" : unit.startsWith("s") ? "s" : "m"
      ] ?? 60;
    total += Number((match[1] ?? "0").replace(",", ".")) * per;
    found = true;
  }
  return found ? Math.round(total) : undefined;
}

/** Servings from a yield: `4`, `"4 servings"`, `"Serves 6-8"` (→ 6), `["4", "4 servings"]`. */
export function parseYield(value: unknown): number | null {
  for (const item of asArray(value)) {
    const v = unwrap(isNode(item) ? (item.value ?? item["schema:value"]) : item);
    if (typeof v === "number" && Number.isFinite(v) && v >= 1) return Math.min(Math.round(v), 10_000);
    if (typeof v === "string") {
      const match = /\d+/.exec(htmlToText(v));
      const n = match ? Number(match[0]) : 0;
      if (n >= 1) return Math.min(n, 10_000);
    }
  }
  return null;
}

/** A step's leading numbering (`1.`, `Step 2:`) is the list's job, not the step's. */
const unnumber = (step: string) => step.replace(/^(?:step\s*)?\d+\s*[.):-]\s*/i, "").trim();

/**
 * Steps, flattened: text blocks split into lines, `HowToSection`s into their steps with the
 * section's name kept at the start of its first step, `ItemList`/`ListItem` read like `HowToStep`.
 */
export function readSteps(value: unknown, resolve: (v: unknown) => unknown, depth = 0): string[] {
  if (depth > 10) return [];
  const v = unwrap(resolve(value));
  if (typeof v === "string") {
    const lines = htmlToText(v, { keepLines: true }).split("\n");
    // One paragraph with inline numbering: "1. Mix. 2. Bake."
    const split =
      lines.length === 1 && /(^|\s)2[.)]\s/.test(lines[0] ?? "")
        ? (lines[0] ?? "").split(/\s(?=\d+[.)]\s)/)
        : lines;
    return split.map(unnumber).filter(Boolean);
  }
  if (Array.isArray(v)) return v.flatMap((item) => readSteps(item, resolve, depth + 1));
  if (!isNode(v)) return [];
  const types = typesOf(v);
  const children = prop(v, "itemListElement");
  if (types.includes("howtosection") || (children !== undefined && !types.includes("howtostep"))) {
    const steps = readSteps(children, resolve, depth + 1);
    const title = types.includes("howtosection") ? text(prop(v, "name")) : "";
    if (title && steps.length > 0) steps[0] = `${title}: ${steps[0]}`;
    return steps;
  }
  const item = prop(v, "item");
  const own = text(prop(v, "text")) || text(prop(v, "description")) || text(prop(v, "name"));
  if (own) return [unnumber(own)].filter(Boolean);
  if (children !== undefined) return readSteps(children, resolve, depth + 1);
  return item !== undefined ? readSteps(item, resolve, depth + 1) : [];
}

/** An absolute http(s) address, or null. */
export function absoluteUrl(value: string, base: string | undefined): string | null {
  try {
    const url = base ? new URL(value, base) : new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

/** The picture: a string, a list (the first usable one) or an `ImageObject` (`url`, `contentUrl`). */
export function readImage(
  value: unknown,
  base: string | undefined,
  resolve: (v: unknown) => unknown,
  depth = 0,
): string | null {
  if (depth > 5) return null;
  const v = unwrap(resolve(value));
  if (typeof v === "string") return v.trim() ? absoluteUrl(htmlToText(v), base) : null;
  if (Array.isArray(v)) {
    for (const item of v) {
      const url = readImage(item, base, resolve, depth + 1);
      if (url) return url;
    }
    return null;
  }
  if (!isNode(v)) return null;
  return readImage(prop(v, "url") ?? prop(v, "contentUrl") ?? v["@id"], base, resolve, depth + 1);
}

export type RecipeFields = {
  title: string;
  description: string | null;
  /** Seconds; undefined when given but unreadable. */
  prepTime: number | null | undefined;
  cookTime: number | null | undefined;
  totalTime: number | null | undefined;
  servings: number | null;
  imageUrl: string | null;
  categoryNames: string[];
  ingredientLines: string[];
  steps: string[];
  url: string | null;
  language: string | undefined;
};

/** Reads the fields the draft needs from a Recipe node. */
export function readRecipe(
  recipe: Node,
  resolve: (v: unknown) => unknown,
  base: string | undefined,
): RecipeFields {
  const categories = asArray(prop(recipe, "recipeCategory"))
    .flatMap((c) => text(resolve(c)).split(","))
    .map((c) => c.trim())
    .filter((c) => c.length > 0 && c.length <= 80);
  const lines = asArray(prop(recipe, "recipeIngredient") ?? prop(recipe, "ingredients"))
    .map((line) => text(line))
    .filter(Boolean);
  const ownUrl = firstText(prop(recipe, "url"));
  return {
    title: firstText(prop(recipe, "name")) || firstText(prop(recipe, "headline")),
    description: firstText(prop(recipe, "description")) || null,
    prepTime: parseDuration(prop(recipe, "prepTime")),
    cookTime: parseDuration(prop(recipe, "cookTime")),
    totalTime: parseDuration(prop(recipe, "totalTime")),
    servings: parseYield(prop(recipe, "recipeYield") ?? prop(recipe, "yield")),
    imageUrl: readImage(prop(recipe, "image"), base, resolve),
    categoryNames: [...new Set(categories)].slice(0, 50),
    ingredientLines: lines,
    steps: readSteps(prop(recipe, "recipeInstructions"), resolve),
    url: ownUrl ? absoluteUrl(ownUrl, base) : null,
    language: firstText(prop(recipe, "inLanguage")) || undefined,
  };
}

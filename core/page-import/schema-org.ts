/**
 * Finding a schema.org Recipe in a page and reading its fields, in the shapes found in the wild:
 * JSON-LD as an object, an array or a `@graph` (Yoast), the recipe under `WebPage.mainEntity`,
 * `@type` arrays (`["Recipe", "NewsArticle"]`), `@id` references, several blocks with one recipe
 * among them, blocks that strict JSON refuses (lenient-json.ts); then microdata. Instructions as
 * text, strings, `HowToStep`s, `HowToSection`s (single `itemListElement` objects too) or
 * `ItemList`/`ListItem`; yields as numbers, lists or `"Serves 6-8"`; durations that are not strict
 * ISO 8601 (`PT1.5H`, `12-15 minutes`); of several pictures the largest, never a thumbnail, else
 * the page's `og:image`; the language of the recipe, else of the page.
 */

import { Parser } from "htmlparser2";
import type { Recipe } from "schema-dts";
import { parse as parseIsoDuration } from "tinyduration";
import { NestingLimit } from "./html.ts";
import { parseJsonLd } from "./lenient-json.ts";
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
  name:
    | keyof Recipe
    | "text"
    | "itemListElement"
    | "url"
    | "contentUrl"
    | "item"
    | "mainEntity"
    | "value"
    | "width"
    | "height"
    | "alternateName"
    | "unitText"
    | "unitCode",
): unknown {
  for (const prefix of PREFIXES) {
    const value = node[`${prefix}${name}`];
    if (value !== undefined) return value;
  }
  return undefined;
}

/** `{"@value": "x"}` (expanded JSON-LD) → `"x"`. */
const unwrap = (value: unknown): unknown => (isNode(value) && "@value" in value ? value["@value"] : value);

/** What a page says of itself besides its recipe: its language and its picture for link previews. */
export type PageFacts = {
  /** `<html lang>`, else `og:locale` (`de_DE`), as written. */
  lang: string | undefined;
  /** `og:image`, else `twitter:image`, as written. */
  image: string | undefined;
};

// Meta tags, by `property` or `name`, in the order they are preferred.
const META_FACTS: [keyof Omit<PageFacts, "lang"> | "locale", RegExp][] = [
  ["image", /^og:image(?::(?:url|secure_url))?$/i],
  ["image", /^twitter:image(?::src)?$/i],
  ["locale", /^og:locale$/i],
];

/**
 * Page parts the import reads: every JSON-LD block (parsed, leniently when strict JSON refuses it;
 * unreadable ones skipped), the page's language and its preview picture, and how many elements it has.
 */
export function scanPage(html: string): { blocks: unknown[]; elements: number } & PageFacts {
  const blocks: unknown[] = [];
  let elements = 0;
  let lang: string | undefined;
  const meta = new Map<string, { rank: number; value: string }>();
  let inJsonLd = false;
  let buffer = "";
  const nesting = new NestingLimit();
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        nesting.open();
        elements += 1;
        if (name === "html" && attributes.lang) lang = attributes.lang;
        if (name === "meta" && attributes.content?.trim()) {
          const key = attributes.property ?? attributes.name ?? "";
          const rank = META_FACTS.findIndex(([, pattern]) => pattern.test(key));
          const fact = META_FACTS[rank]?.[0];
          const seen = fact && meta.get(fact);
          if (fact && (!seen || rank < seen.rank)) meta.set(fact, { rank, value: attributes.content.trim() });
        }
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
        const json = parseJsonLd(buffer);
        if (json !== undefined) blocks.push(json);
      },
    },
    { decodeEntities: false },
  );
  parser.write(html);
  parser.end();
  return {
    blocks,
    elements,
    lang: lang?.trim() || meta.get("locale")?.value,
    image: meta.get("image") && decodeAttribute(meta.get("image")?.value ?? ""),
  };
}

/**
 * Characters of one text of a page read, at most: far more than the draft keeps of any (10,000 of a
 * description; all the steps in one text), so that 7 MB of one text are not read whole for them.
 */
const MAX_TEXT = 100_000;
/** A page's text (HTML in a string, or an attribute as written) as text, its first MAX_TEXT characters. */
const readText = (value: string, keepLines = false) => htmlToText(value.slice(0, MAX_TEXT), { keepLines });

/** An attribute read without decoding (the parse keeps `&amp;` as written): decoded. */
const decodeAttribute = (value: string) => readText(value);

/** Most nodes of a page's JSON-LD looked at for `@id`s (a recipe's page has hundreds at most). */
const MAX_NODES = 100_000;

/** Every node with an `@id`, so that `{"@id": "#primaryimage"}` can be followed. */
function indexIds(root: unknown, index: Map<string, Node>, depth = 0, budget = { nodes: MAX_NODES }): void {
  if (depth > 30) return;
  for (const value of asArray(root)) {
    if (!isNode(value) || --budget.nodes < 0) continue;
    const id = value["@id"];
    if (typeof id === "string" && Object.keys(value).length > 1 && !index.has(id)) index.set(id, value);
    for (const child of Object.values(value))
      if (typeof child === "object") indexIds(child, index, depth + 1, budget);
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
  return typeof v === "string" ? readText(v) : typeof v === "number" ? String(v) : "";
};

/** The first piece of text among a value or the first 100 of a list of values. */
function firstText(value: unknown): string {
  for (const item of asArray(value).slice(0, 100)) {
    const found = text(item);
    if (found) return found;
  }
  return "";
}

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
    // `P-1D`, `-PT5M`: no time runs backwards.
    return seconds >= 0 && !d.negative ? Math.round(seconds) : undefined;
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

/** A whole number that counts something, not a size: `9-inch`, `9"`, `23 cm`, `9x13` are sizes. */
const YIELD_NUMBER = /(?<![\d.,]|\d\s*[x×]\s*)(\d+)(?![\d]|[.,]\d|\s*(?:-\s*)?(?:inch|"|”|cm\b|x\s*\d|×))/i;

/**
 * Servings from a yield, in any language: the first number that counts something, as the common
 * scrapers read it: `4`, `"4"`, `"4 servings"`, `"Serves 4-6"` (→ 4), `"Makes 24 cookies"` (→ 24),
 * `"1 loaf (12 slices)"` (→ 1), `"4 Portionen"`, `"9-inch pie, serves 8"` (→ 8);
 * of a list (`["4", "4 servings"]`) the first item that has one.
 */
export function parseYield(value: unknown, depth = 0): number | null {
  for (const item of asArray(value).slice(0, 100)) {
    const v = unwrap(isNode(item) ? (prop(item, "value") ?? item.minValue) : item);
    let n = 0;
    if (Array.isArray(v) && depth < 2) n = parseYield(v, depth + 1) ?? 0;
    else if (typeof v === "number" && Number.isFinite(v)) n = Math.round(v);
    else if (typeof v === "string") n = Number(YIELD_NUMBER.exec(readText(v))?.[1] ?? 0);
    if (n >= 1) return Math.min(n, 10_000);
  }
  return null;
}

/** A step's leading numbering (`1.`, `Step 2:`) is the list's job, not the step's. */
const unnumber = (step: string) => step.replace(/^(?:step\s*)?\d+\s*(?:[.):]|-\s(?!to\s))\s*/i, "").trim();

/** A step's `name` that only numbers it (`Step 3`, `3.`, `Schritt 3`, `Étape 3`): nothing to keep. */
const NUMBERING_NAME = /^\p{L}*\s*\d+(?:\s+\p{L}+\s+\d+)?\s*[.:)]?$/u;

/**
 * A `HowToStep`'s text with its `name` in front (`Make the dough: Mix…`) when the name says
 * something the text does not: many sites repeat the text, or its first words cut off, as the name.
 */
function namedStep(name: string, own: string): string {
  const title = name.replace(/[\s.…]+$/u, "");
  if (!title || NUMBERING_NAME.test(title) || own.toLowerCase().startsWith(title.toLowerCase())) return own;
  return `${title}: ${own}`;
}

/** Steps and ingredient lines past this many are not read (the draft keeps 200 and says so). */
const MAX_LINES = 200;

/**
 * Steps, flattened: text blocks split into lines, `HowToSection`s into their steps with the
 * section's name kept at the start of its first step, `ItemList`/`ListItem` read like `HowToStep`.
 * Each node is read once, however often `@id`s refer to it (sections that list each other would be
 * read exponentially often), and reading stops past MAX_LINES steps.
 */
export function readSteps(value: unknown, resolve: (v: unknown) => unknown): string[] {
  const seen = new Set<unknown>();
  let count = 0;
  const read = (value: unknown, depth: number): string[] => {
    if (depth > 10 || count > MAX_LINES) return [];
    const v = unwrap(resolve(value));
    if (seen.has(v)) return [];
    if (typeof v === "object") seen.add(v);
    const found = (steps: string[]) => {
      count += steps.length;
      return steps;
    };
    if (typeof v === "string") {
      const lines = readText(v, true).split("\n");
      // One paragraph with inline numbering: "1. Mix. 2. Bake."
      const split =
        lines.length === 1 && /(^|\s)2[.)]\s/.test(lines[0] ?? "")
          ? (lines[0] ?? "").split(/\s(?=\d+[.)]\s)/)
          : lines;
      return found(split.map(unnumber).filter(Boolean));
    }
    if (Array.isArray(v)) {
      const steps: string[] = [];
      for (let i = 0; i < v.length && count <= MAX_LINES; i += 1)
        for (const step of read(v[i], depth + 1)) steps.push(step);
      return steps;
    }
    if (!isNode(v)) return [];
    const types = typesOf(v);
    const children = prop(v, "itemListElement");
    if (types.includes("howtosection") || (children !== undefined && !types.includes("howtostep"))) {
      const steps = read(children, depth + 1);
      const title = types.includes("howtosection") ? text(prop(v, "name")) : "";
      if (title && steps.length > 0) steps[0] = `${title}: ${steps[0]}`;
      return steps;
    }
    const item = prop(v, "item");
    const name = text(prop(v, "name"));
    const own = text(prop(v, "text")) || text(prop(v, "description"));
    if (own) return found([namedStep(unnumber(name), unnumber(own))].filter(Boolean));
    if (name) return found([unnumber(name)].filter(Boolean));
    if (children !== undefined) return read(children, depth + 1);
    return item !== undefined ? read(item, depth + 1) : [];
  };
  return read(value, 0);
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

/** A picture the recipe offers, with its size when it is known. */
type ImageCandidate = { url: string; width?: number; height?: number };

/** Below this many pixels on its longer side, a named size is a thumbnail. */
const THUMBNAIL_PX = 300;
const THUMBNAIL_WORD = /(?:^|[^a-z])thumb(?:nail)?s?(?:[^a-z]|$)/i;

/** `1200`, `"1200"`, `"1200px"`, `{"@type": "QuantitativeValue", "value": 1200}` → 1200. */
function pixels(value: unknown): number | undefined {
  const v = unwrap(isNode(value) ? prop(value, "value") : value);
  const n = typeof v === "number" ? v : typeof v === "string" ? Number.parseFloat(v) : Number.NaN;
  return Number.isFinite(n) && n > 0 ? n : undefined;
}

/** Pictures looked at, at most: a recipe offers a few, each in a few sizes. */
const MAX_PICTURES = 1000;

/**
 * Every picture in a value, up to MAX_PICTURES, into `found`: a string, a list or `ImageObject`s
 * (`url`, `contentUrl`, `width`, `height`); each node and list read once (`seen`), however often
 * `@id`s refer to it.
 */
function imageCandidates(
  value: unknown,
  base: string | undefined,
  resolve: (v: unknown) => unknown,
  found: ImageCandidate[] = [],
  seen = new Set<unknown>(),
  depth = 0,
): ImageCandidate[] {
  if (depth > 5 || found.length >= MAX_PICTURES) return found;
  const v = unwrap(resolve(value));
  if (seen.has(v)) return found;
  if (typeof v === "object") seen.add(v);
  if (typeof v === "string") {
    const url = v.trim() ? absoluteUrl(readText(v), base) : null;
    if (url) found.push({ url });
  } else if (Array.isArray(v)) {
    for (const item of v.slice(0, 100)) imageCandidates(item, base, resolve, found, seen, depth + 1);
  } else if (isNode(v)) {
    const width = pixels(prop(v, "width"));
    const height = pixels(prop(v, "height"));
    const from = found.length;
    const url = prop(v, "url") ?? prop(v, "contentUrl") ?? v["@id"];
    imageCandidates(url, base, resolve, found, seen, depth + 1);
    for (let i = from; i < found.length; i += 1)
      found[i] = { ...(found[i] as ImageCandidate), ...(width && { width }), ...(height && { height }) };
  }
  return found;
}

// Sizes that addresses name: `-1200x800.jpg`, `_1200x800`, `/1200x800/` (WordPress, CDNs),
// `w_1200,h_800` (Cloudinary), `?w=1200&h=800` or `?width=` (imgix and others), `?resize=1200,800`
// or `?fit=` (Jetpack).
const PATH_SIZE = /(?:^|[-_/.,=])(\d{2,5})x(\d{2,5})(?=$|[-_/.,@])/i;
const PATH_PARTS = /(?:^|[/,])([wh])_(\d{2,5})(?=$|[/,])/gi;
const QUERY_WIDTH = ["w", "width"];
const QUERY_HEIGHT = ["h", "height"];
const QUERY_BOTH = ["resize", "fit"];

/** The width and height an address names, where it names them. */
export function sizeInUrl(address: string): { width?: number; height?: number } {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return {};
  }
  const path = url.pathname;
  const inPath = PATH_SIZE.exec(path);
  if (inPath) return { width: Number(inPath[1]), height: Number(inPath[2]) };
  const parts: { width?: number; height?: number } = {};
  for (const [, side, n] of path.matchAll(PATH_PARTS)) parts[side === "w" ? "width" : "height"] = Number(n);
  if (parts.width || parts.height) return parts;
  const query = url.searchParams;
  const both = QUERY_BOTH.map((k) => query.get(k)).find((v) => v && /^\d+,\d+$/.test(v));
  if (both) {
    const [width, height] = both.split(",").map(Number);
    return { width, height };
  }
  const number = (keys: string[]) => {
    const n = Number(keys.map((k) => query.get(k)).find((v) => v && /^\d{2,5}$/.test(v)));
    return Number.isFinite(n) && n > 0 ? n : undefined;
  };
  const width = number(QUERY_WIDTH);
  const height = number(QUERY_HEIGHT);
  return { ...(width && { width }), ...(height && { height }) };
}

/** Width × height as given, else as the address names it (a side alone counts as a square); 0 unknown. */
function area(candidate: ImageCandidate): number {
  const named = sizeInUrl(candidate.url);
  const width = candidate.width ?? named.width ?? candidate.height ?? named.height ?? 0;
  const height = candidate.height ?? named.height ?? width;
  return width * height;
}

function isThumbnail(candidate: ImageCandidate): boolean {
  const named = sizeInUrl(candidate.url);
  const longer = Math.max(candidate.width ?? named.width ?? 0, candidate.height ?? named.height ?? 0);
  return (longer > 0 && longer < THUMBNAIL_PX) || THUMBNAIL_WORD.test(new URL(candidate.url).pathname);
}

/** The address without a named size (`pie-480x480.jpg` → `pie.jpg`): the original of the sized copies. */
const withoutSize = (url: string) => url.replace(/[-_](\d{2,5})x(\d{2,5})(?=\.\w+(?:$|\?))/, "");

/**
 * The recipe's picture: the page's own main picture, the one the site shows when the page is shared
 * (`og:image`, else `twitter:image`), as recipe-scrapers and the apps built on it take it (CONTRACT.md:
 * import); without one, of the Recipe's pictures the largest (by `width` × `height`, else by the size
 * its address names), never a thumbnail; else the largest thumbnail, which is better than none. A
 * picture of unknown size is taken for the original of the sized copies of it (WordPress names them
 * `pie-480x480.jpg` beside `pie.jpg`), so it beats them; else the first wins.
 */
export function readImage(
  value: unknown,
  base: string | undefined,
  resolve: (v: unknown) => unknown,
  pageImage?: string,
): string | null {
  const candidates = imageCandidates(value, base, resolve);
  const areas = new Map(candidates.map((c) => [c.url, area(c)]));
  const unsized = new Set(candidates.filter((c) => areas.get(c.url) === 0).map((c) => c.url));
  for (const candidate of candidates) {
    const original = withoutSize(candidate.url);
    if (original !== candidate.url && unsized.has(original))
      areas.set(original, Math.max(areas.get(original) ?? 0, (areas.get(candidate.url) ?? 0) + 1));
  }
  const largest = (list: ImageCandidate[]) =>
    list.reduce<ImageCandidate | undefined>(
      (best, c) => (best && (areas.get(best.url) ?? 0) >= (areas.get(c.url) ?? 0) ? best : c),
      undefined,
    )?.url;
  const page = pageImage ? absoluteUrl(pageImage, base) : null;
  return page ?? largest(candidates.filter((c) => !isThumbnail(c))) ?? largest(candidates) ?? null;
}

/** `en-GB`, `de_DE`, `{"@type": "Language", "alternateName": "fr"}` → `en-gb`, `de-de`, `fr`; else undefined. */
export function languageTag(value: unknown): string | undefined {
  for (const item of asArray(value)) {
    const v = unwrap(isNode(item) ? (prop(item, "alternateName") ?? prop(item, "name")) : item);
    const tag = typeof v === "string" ? v.trim().toLowerCase().replaceAll("_", "-") : "";
    if (/^[a-z]{2,3}(?:-[a-z0-9]{1,8})*$/.test(tag)) return tag;
  }
  return undefined;
}

/** The first `inLanguage` of any node in JSON-LD (the page's own, `WebPage` or `WebSite`), as a tag. */
export function inLanguageOf(root: unknown, depth = 0): string | undefined {
  if (depth > 30 || typeof root !== "object" || root === null) return undefined;
  if (isNode(root)) {
    const own = languageTag(prop(root, "inLanguage"));
    if (own) return own;
  }
  for (const child of Array.isArray(root) ? root : Object.values(root)) {
    const found = inLanguageOf(child, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * Ingredient lines as the page lists them: a list of strings (each one line), one string holding
 * them all (split at its line breaks), lists of lists flattened, and `PropertyValue`s
 * (`{value: 2, unitText: "cups", name: "flour"}` → `2 cups flour`); of a list, no more than one past
 * MAX_LINES.
 */
export function ingredientLines(value: unknown): string[] {
  const v = unwrap(value);
  if (typeof v === "string") return readText(v, true).split("\n").filter(Boolean);
  const line = (item: unknown): string => {
    const node = unwrap(item);
    if (!isNode(node)) return text(node);
    const parts = [prop(node, "value"), prop(node, "unitText") ?? prop(node, "unitCode"), prop(node, "name")];
    return parts.map(text).filter(Boolean).join(" ");
  };
  const lines: string[] = [];
  for (const item of asArray(v))
    for (const one of Array.isArray(item) ? item : [item]) {
      if (lines.length > MAX_LINES) return lines;
      const written = line(one);
      if (written) lines.push(written);
    }
  return lines;
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
  /** A language tag, lower case (`en-gb`): the recipe's `inLanguage`, else the page's. */
  language: string | undefined;
};

/** What the page around the recipe says: its language (a tag) and its preview picture. */
export type PageContext = { language?: string | undefined; image?: string | undefined };

/** Reads the fields the draft needs from a Recipe node. */
export function readRecipe(
  recipe: Node,
  resolve: (v: unknown) => unknown,
  base: string | undefined,
  page: PageContext = {},
): RecipeFields {
  const categories = asArray(prop(recipe, "recipeCategory"))
    .slice(0, 100)
    .flatMap((c) => text(resolve(c)).split(","))
    .map((c) => c.trim())
    .filter((c) => c.length > 0 && c.length <= 80);
  const lines = ingredientLines(prop(recipe, "recipeIngredient") ?? prop(recipe, "ingredients"));
  const ownUrl = firstText(prop(recipe, "url"));
  return {
    title: firstText(prop(recipe, "name")) || firstText(prop(recipe, "headline")),
    description: firstText(prop(recipe, "description")) || null,
    prepTime: parseDuration(prop(recipe, "prepTime")),
    cookTime: parseDuration(prop(recipe, "cookTime")),
    totalTime: parseDuration(prop(recipe, "totalTime")),
    servings: parseYield([prop(recipe, "recipeYield"), prop(recipe, "yield")]),
    imageUrl: readImage(prop(recipe, "image"), base, resolve, page.image),
    categoryNames: [...new Set(categories)].slice(0, 50),
    ingredientLines: lines,
    steps: readSteps(prop(recipe, "recipeInstructions"), resolve),
    url: ownUrl ? absoluteUrl(ownUrl, base) : null,
    language: languageTag(prop(recipe, "inLanguage")) ?? page.language,
  };
}

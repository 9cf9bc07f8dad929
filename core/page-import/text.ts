/** Text from pages: HTML in strings decoded and stripped, and the names of foods made comparable. */

import { singular } from "../amount/plural.ts";
import { en } from "../words/en.ts";
import { wordsOf } from "../words/words.ts";
import { FOODS, type Food } from "./foods.ts";
import { parseHtml } from "./html.ts";

// Elements whose end is a break in the text (`<p>Mix</p><p>Stir</p>` is two sentences, not "MixStir").
const BLOCKS = new Set(["p", "br", "li", "div", "h1", "h2", "h3", "h4", "h5", "h6", "tr", "ol", "ul"]);
/** Elements whose content is not text a person reads. */
export const SKIPPED = new Set(["script", "style", "template", "noscript", "svg"]);

type ChildNode = ReturnType<typeof parseHtml>["children"][number];

/** What reading a page's text may cost in all (nodes visited plus characters), shared by its reads. */
export type TextBudget = { left: number };

/**
 * The text under `nodes`, a break after each block; without recursion (a page may nest thousands
 * deep) and without copying a long list of children. At most about `max` characters are read, and
 * four times as many nodes; each node and character is taken from `budget` too, which ends the
 * reading when it runs out: a caller that asks many elements of a page for their text stays linear.
 */
function collect(
  nodes: readonly ChildNode[],
  max = Number.POSITIVE_INFINITY,
  budget: TextBudget = { left: Number.POSITIVE_INFINITY },
): string {
  const out: string[] = [];
  let length = 0;
  let visits = 4 * max;
  const stack: { nodes: readonly ChildNode[]; next: number; block: boolean }[] = [
    { nodes, next: 0, block: false },
  ];
  while (stack.length > 0 && length <= max && visits > 0 && budget.left > 0) {
    const frame = stack[stack.length - 1] as (typeof stack)[number];
    const node = frame.nodes[frame.next++];
    if (node === undefined) {
      stack.pop();
      if (frame.block) out.push("\n");
      continue;
    }
    visits -= 1;
    budget.left -= 1;
    if (node.type === "text") {
      // Never more than one past `max`: a huge text node under many wrappers is read once in full
      // by none of them.
      const text = node.data.length > max - length ? node.data.slice(0, max - length + 1) : node.data;
      out.push(text);
      length += text.length;
      budget.left -= text.length;
    } else if (
      (node.type === "tag" || node.type === "script" || node.type === "style") &&
      !SKIPPED.has(node.name)
    ) {
      stack.push({ nodes: node.children, next: 0, block: BLOCKS.has(node.name) });
    }
  }
  return out.join("");
}

/**
 * Text as a person reads it: tags stripped, entities decoded (`&amp;` → `&`, `&frac12;` → `½`),
 * runs of spaces collapsed. With `keepLines`, line breaks (and block ends) stay as `\n`.
 */
export function htmlToText(html: string, options: { keepLines?: boolean } = {}): string {
  if (!/[<&]/.test(html)) return tidy(html, options.keepLines);
  return tidy(collect(parseHtml(html, { decodeEntities: true }).children), options.keepLines);
}

/**
 * The text of parsed nodes (`htmlToText` for a part of a page already parsed), at most about `max`
 * characters, taken from the page's `budget`.
 */
export const nodesToText = (
  nodes: readonly ChildNode[],
  options: { keepLines?: boolean; max?: number; budget?: TextBudget } = {},
): string => tidy(collect(nodes, options.max, options.budget), options.keepLines);

function tidy(text: string, keepLines = false): string {
  const lines = text
    .replace(/\u00a0/g, " ")
    // Zero-width spaces (and BOMs) that editors leave in a page's texts: nobody reads them.
    .replace(/[\u200b\ufeff]/g, "")
    .split(/\r?\n/)
    .map((line) => line.replace(/\s+/g, " ").trim());
  return keepLines ? lines.filter(Boolean).join("\n") : lines.filter(Boolean).join(" ");
}

/**
 * Words that describe how a food is prepared or sized, not which food it is: they go to an
 * ingredient line's note and are ignored when names are compared (`large eggs` is `Egg`). English
 * ones (core/words/en.ts); the other languages' are read by lexicon.ts.
 */
export const DESCRIPTIVE_WORDS: ReadonlySet<string> = new Set(wordsOf(en.descriptive));

const fold = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "");

/**
 * The comparable form of a food's name, for the built-in food table: lower case, accents folded,
 * punctuation dropped, each word singular, descriptive words left out. `Large Eggs` and `egg` both
 * become `egg`. Not the rule for stored ingredient and category names: that is the database's
 * name_key() (core/names.ts), which keeps every word.
 */
export function foodKey(name: string): string {
  const words = fold(name.toLowerCase())
    .replace(/[’']/g, "")
    .split(/[^a-z0-9-]+/)
    .filter(Boolean)
    .filter((w) => !DESCRIPTIVE_WORDS.has(w))
    .map(singular);
  return words.join(" ");
}

/**
 * The built-in foods by the comparable form of each alias, built on first use (a cold start that
 * never reads an ingredient line does not pay for it). Aliases without descriptive words win:
 * `tomato` is the Tomato, not `chopped tomato` (canned); otherwise the first alias listed wins.
 */
let foodsByKey: Map<string, Food> | undefined;
/** The most words of a key of foodsByKey: a longer ending of a name cannot be a food. */
let longestKey = 0;
function foodIndex(): Map<string, Food> {
  if (foodsByKey) return foodsByKey;
  const plain = new Map<string, Food>();
  const descriptive = new Map<string, Food>();
  for (const food of FOODS) {
    for (const alias of food.aliases) {
      const key = foodKey(alias);
      const index = key.split(" ").length === alias.split(/\s+/).length ? plain : descriptive;
      if (!index.has(key)) index.set(key, food);
    }
  }
  for (const [key, food] of descriptive) if (!plain.has(key)) plain.set(key, food);
  for (const key of plain.keys()) longestKey = Math.max(longestKey, key.split(" ").length);
  foodsByKey = plain;
  return plain;
}

/**
 * The built-in food a name means: the whole name first, then ever shorter endings of it
 * (`unsalted european-style butter` → `butter`), so that the head noun decides.
 */
export function findFood(name: string): Food | undefined {
  const words = foodKey(name).split(" ").filter(Boolean);
  const index = foodIndex();
  for (let start = Math.max(0, words.length - longestKey); start < words.length; start += 1) {
    const food = index.get(words.slice(start).join(" "));
    if (food) return food;
  }
  return undefined;
}

/** The built-in food whose name or alias is exactly this name (descriptive words and plurals aside). */
export const foodNamed = (name: string): Food | undefined => foodIndex().get(foodKey(name));

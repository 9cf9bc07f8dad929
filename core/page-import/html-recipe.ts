/**
 * A recipe in a page's HTML when the page carries no schema.org recipe (no JSON-LD, no microdata):
 * what site-specific scrapers read and generic readers cannot. First the markup of recipe-card
 * plugins and microformats that also exist without schema.org (WP Recipe Maker, Tasty Recipes,
 * Mediavine Create, h-recipe, hRecipe), then a page's own headings: "Ingredients" (in ten
 * languages) followed by lists, and "Instructions"/"Method" followed by a list or paragraphs.
 *
 * The answer is a JSON-LD-like Recipe node, so that schema-org.ts reads it like any other. A page
 * counts as a recipe only with at least two ingredient lines and one step: an article that merely
 * mentions ingredients stays "No recipe was found".
 */
import { Invalid } from "../errors.ts";
import { parseHtml } from "./html.ts";
import { nodesToText, SKIPPED, type TextBudget } from "./text.ts";

type Node = ReturnType<typeof parseHtml>["children"][number];
type Element = Extract<Node, { attribs: unknown }>;

const isElement = (node: Node): node is Element => "attribs" in node;

/** A page's chrome: what is in it is never part of its recipe (menus, footers, sidebars, forms). */
const CHROME = new Set(["nav", "footer", "aside", "form"]);

/** Most lines a part of a recipe gives (the import keeps fewer). */
const MAX_PART_LINES = 1000;

/** Every element under `nodes` but the chrome, in document order, without recursion (pages may nest deeply). */
function elementsIn(nodes: readonly Node[]): Element[] {
  const found: Element[] = [];
  const pending = nodes.toReversed();
  for (let node = pending.pop(); node; node = pending.pop()) {
    if (!isElement(node) || SKIPPED.has(node.name) || CHROME.has(node.name)) continue;
    found.push(node);
    for (let i = node.children.length - 1; i >= 0; i -= 1) pending.push(node.children[i] as Node);
  }
  return found;
}

/**
 * What reading the text of a page's elements may cost in all, nodes visited plus characters: a
 * million, and two for each character of the page. A page of the accuracy corpus needs 3,000 at
 * most, even read to its end for a heading it lacks; a page built to be read again and again (5 MB
 * of bold text nested 240 deep, each asked whether it is a heading) needed 170 million.
 */
const textBudget = (html: string): TextBudget => ({ left: 1_000_000 + 2 * html.length });
/** The budget of the page htmlRecipe is reading (it reads one page at a time, synchronously). */
let budget: TextBudget = { left: 0 };

/**
 * An element's text, spaces collapsed (`lines`: one line a block), at most about `max` characters;
 * 422 once the page's text budget is spent.
 */
function textOf(element: Element, { lines = false, max = 5000 } = {}): string {
  const text = nodesToText(element.children, { keepLines: lines, max, budget });
  if (budget.left <= 0) throw Invalid("The page is too complex to read.");
  return text;
}

const hasClass = (element: Element, name: string) => {
  const written = element.attribs.class;
  return written?.includes(name) === true && ` ${written.replace(/\s+/g, " ")} `.includes(` ${name} `);
};

/** The element's ancestors, nearest first, at most `limit` of them (a page may nest 512 deep). */
function* ancestors(element: Element, limit = 32): Generator<Element> {
  let parent = element.parent;
  for (let n = 0; n < limit && parent && "attribs" in parent; n++) {
    yield parent as Element;
    parent = parent.parent;
  }
}

/** `<li>`s that hold no list of their own: a group's `<li>For the dough<ul>…</ul></li>` is not a line. */
function leafItems(elements: Element[]): Element[] {
  const items = elements.filter((e) => e.name === "li");
  const holders = new Set<Element>();
  for (const item of items) {
    for (const up of ancestors(item)) {
      if (up.name === "li") {
        holders.add(up);
        break;
      }
    }
  }
  return items.filter((item) => !holders.has(item)).slice(0, MAX_PART_LINES);
}

/** A card's or part's own heading written inside it (`Ingredients`, `Instructions:`) is not a line. */
const isPartHeading = (line: string) => {
  const text = line.replace(/\s*:$/, "");
  return INGREDIENTS_HEADING.test(text) || STEPS_HEADING.test(text);
};

/**
 * Recipe cards by their class names. `ingredient`/`step`: elements holding one line each, or
 * (`…List`) a container whose `<li>`s are the lines. Sources: each plugin's published markup
 * (WP Recipe Maker, Tasty Recipes, Mediavine Create) and the microformats wiki (h-recipe, hRecipe).
 */
const CARDS: {
  root?: string;
  title: string;
  ingredient?: string;
  ingredientList?: string;
  step?: string;
  stepList?: string;
  yield?: string;
}[] = [
  {
    root: "wprm-recipe-container",
    title: "wprm-recipe-name",
    ingredient: "wprm-recipe-ingredient",
    step: "wprm-recipe-instruction-text",
    yield: "wprm-recipe-servings",
  },
  {
    title: "tasty-recipes-title",
    ingredientList: "tasty-recipes-ingredients",
    stepList: "tasty-recipes-instructions",
    yield: "tasty-recipes-yield",
  },
  {
    title: "mv-create-title",
    ingredientList: "mv-create-ingredients",
    stepList: "mv-create-instructions",
    yield: "mv-create-yield",
  },
  {
    root: "h-recipe",
    title: "p-name",
    ingredient: "p-ingredient",
    stepList: "e-instructions",
    yield: "p-yield",
  },
  { root: "hrecipe", title: "fn", ingredient: "ingredient", stepList: "instructions", yield: "yield" },
];

/**
 * The lines of a card's part among `elements` (those with a class): their texts, or the `<li>`s (else
 * the lines) of the containers.
 */
function cardLines(elements: Element[], one: string | undefined, list: string | undefined): string[] {
  if (one)
    return elements
      .filter((e) => hasClass(e, one))
      .slice(0, MAX_PART_LINES)
      .map((e) => textOf(e));
  if (!list) return [];
  // The outermost containers only: one nested in another is read with it, never again.
  const lines: string[] = [];
  const inner = new Set<Element>();
  for (const container of elements) {
    if (lines.length >= MAX_PART_LINES) break;
    if (inner.has(container) || !hasClass(container, list)) continue;
    const inside = elementsIn(container.children);
    for (const e of inside) if (hasClass(e, list)) inner.add(e);
    const items = leafItems(inside);
    const found =
      items.length > 0
        ? items.map((e) => textOf(e))
        : textOf(container, { lines: true, max: 50_000 }).split("\n");
    for (const line of found) if (!isPartHeading(line)) lines.push(line);
  }
  return lines.slice(0, MAX_PART_LINES);
}

function fromCard(elements: Element[]): Record<string, unknown> | undefined {
  // Cards are found by their classes: only the elements that have a class are looked at.
  const classed = (list: Element[]) => list.filter((e) => e.attribs.class);
  const all = classed(elements);
  for (const card of CARDS) {
    const root = card.root ? all.find((e) => hasClass(e, card.root as string)) : undefined;
    if (card.root && !root) continue;
    const scope = root ? elementsIn(root.children) : elements;
    const named = root ? classed(scope) : all;
    const ingredients = cardLines(named, card.ingredient, card.ingredientList).filter(Boolean);
    const steps = cardLines(named, card.step, card.stepList).filter(Boolean);
    if (ingredients.length < 2 || steps.length === 0) continue;
    const title = named.find((e) => hasClass(e, card.title));
    const servings = card.yield ? named.find((e) => hasClass(e, card.yield as string)) : undefined;
    return recipeNode(
      title ? textOf(title) : pageTitle(elements),
      ingredients,
      steps,
      servings ? textOf(servings) : pageYield(scope),
    );
  }
  return undefined;
}

/**
 * The headings of a recipe's two parts as pages write them, by language (en, de, fr, es, it, nl,
 * pt, sv, da, no), matched whole, case and a closing colon aside; the ingredients' may say for how
 * many (`Zutaten für 4 Personen`, which is then the yield). Sources: the recipe pages and
 * cookbooks of each language.
 */
const INGREDIENTS_HEADING =
  /^(?:ingredients?|what you(?:'|’)ll need|you will need|zutaten|ingrédients|ingredientes|ingredienti|ingrediënten|ingredienten|benodigdheden|ingredienser|du behöver|du skal bruge|du trenger)(?:\s+(?:for|für|pour|para|per|voor|för|til)\s.*)?$/i;
const STEPS_HEADING =
  /^(?:instructions|directions|method|preparation|steps|how to make(?: it)?|zubereitung|anleitung|so geht's|so wird's gemacht|préparation|étapes|elaboración|preparación|instrucciones|pasos|modo de preparación|preparazione|procedimento|istruzioni|bereiding|bereidingswijze|werkwijze|modo de preparo|modo de preparação|preparação|preparo|gör så här|så gör du|instruktioner|tillagning|fremgangsmåde|sådan gør du|tilberedning|fremgangsmåte|framgangsmåte|slik gjør du)$/i;

const HEADINGS = new Set(["h1", "h2", "h3", "h4", "h5", "h6"]);

/** Words that say what a yield counts, by language as above: `Serves 4`, `Für 4 Personen`, `4 porsjoner`. */
const YIELD_WORDS =
  /(?:^|[^\p{L}])(?:serves|servings?|yields?|makes|portions?|personen|portionen|stück|personnes?|parts|raciones|personas|porciones|persone|porzioni|porties|porções|pessoas|portioner|personer|porsjoner|stk)(?![\p{L}])/iu;

/**
 * The yield a page states in a short text of its own (`Serves 4`, a heading `Zutaten für 4
 * Personen`), as written; never the page's title or a list's item (related recipes).
 */
function pageYield(elements: Element[]): string | undefined {
  for (const element of elements) {
    if (element.name === "h1" || element.name === "title" || element.name === "li") continue;
    if (!element.children.some((child) => child.type === "text" && YIELD_WORDS.test(child.data))) continue;
    const text = textOf(element, { max: 40 });
    if (text.length <= 40 && /\d/.test(text)) return text;
  }
  return undefined;
}

/** An element that may stand as a heading: a heading, or a short paragraph or strong text. */
const HEADING_LIKE = new Set([...HEADINGS, "p", "strong", "b", "span", "div", "dt", "header"]);

/** The text of an element that may be a heading (not a link's: a menu's "Ingredients" is not one). */
const headingText = (element: Element) =>
  HEADING_LIKE.has(element.name) &&
  (HEADINGS.has(element.name) || element.children.length <= 3) &&
  (element.parent as Element | null)?.name !== "a"
    ? shortText(element)
    : "";

/** The short texts read so far on the page (htmlRecipe starts each page with none). */
let shortTexts = new Map<Element, string>();

/**
 * An element's first 60 characters or so, without a closing colon. An element whose one child is an
 * element has that child's text, read once: `<b><b><b>…Ingredients` 240 deep is not read again for
 * each `<b>`.
 */
function shortText(element: Element): string {
  let text = shortTexts.get(element);
  if (text === undefined) {
    const only = element.children.length === 1 ? element.children[0] : undefined;
    text =
      only && isElement(only) && !SKIPPED.has(only.name)
        ? shortText(only)
        : textOf(element, { max: 60 }).replace(/\s*:$/, "").trim();
    shortTexts.set(element, text);
  }
  return text;
}

/** A heading's rank: 1 to 6, and 7 for a paragraph or bold text standing as one. */
const rank = (element: Element) => (HEADINGS.has(element.name) ? Number(element.name[1]) : 7);

/**
 * The page's own parts: after an "Ingredients" heading up to the "Instructions" heading (or a
 * heading of the same rank or higher: `Equipment`), then after that up to the next heading, each
 * part's list items, or the lines of its paragraphs when a paragraph comes first. The ingredients
 * must name an amount somewhere (a product's "Ingredients: aqua, …" and "Directions" do not).
 */
function fromHeadings(elements: Element[]): Record<string, unknown> | undefined {
  const ingredientsAt = elements.findIndex((e) => INGREDIENTS_HEADING.test(headingText(e)));
  if (ingredientsAt < 0) return undefined;
  const stepsAt = elements.findIndex((e, i) => i > ingredientsAt && STEPS_HEADING.test(headingText(e)));
  if (stepsAt < 0) return undefined;
  const level = rank(elements[ingredientsAt] as Element);
  const between = elements.slice(ingredientsAt + 1, stepsAt);
  const other = between.findIndex((e) => HEADINGS.has(e.name) && rank(e) <= level);
  const ingredients = itemsOrLines(other < 0 ? between : between.slice(0, other));
  const after = elements.slice(stepsAt + 1);
  const end = after.findIndex((e) => HEADINGS.has(e.name));
  const steps = itemsOrLines(end < 0 ? after : after.slice(0, end));
  if (ingredients.length < 2 || steps.length === 0 || !ingredients.some((line) => /[\d½¼¾⅓⅔⅛]/.test(line)))
    return undefined;
  return recipeNode(pageTitle(elements), ingredients, steps, pageYield(elements));
}

/** A part's list items, or the lines of its paragraphs (`1 onion<br>2 carrots`: two) when one comes first. */
function itemsOrLines(part: Element[]): string[] {
  const first = part.find((e) => e.name === "li" || e.name === "p");
  const lines =
    first?.name === "li"
      ? leafItems(part).map((e) => textOf(e))
      : part
          .filter((e) => e.name === "p")
          .slice(0, MAX_PART_LINES)
          .flatMap((e) => textOf(e, { lines: true }).split("\n"));
  return lines.filter(Boolean).slice(0, MAX_PART_LINES);
}

/** The page's own title: its `<h1>`, else `og:title`, else `<title>`. */
function pageTitle(elements: Element[]): string | undefined {
  const h1 = elements.find((e) => e.name === "h1");
  const og = elements.find((e) => e.name === "meta" && e.attribs.property === "og:title");
  const title = elements.find((e) => e.name === "title");
  return (h1 && textOf(h1)) || og?.attribs.content?.trim() || (title && textOf(title)) || undefined;
}

function recipeNode(
  title: string | undefined,
  ingredients: string[],
  steps: string[],
  servings: string | undefined,
): Record<string, unknown> {
  return {
    "@type": "Recipe",
    ...(title && { name: title }),
    recipeIngredient: ingredients,
    recipeInstructions: steps,
    ...(servings && { recipeYield: servings }),
  };
}

/**
 * The recipe the page's markup shows without schema.org, as a Recipe node; undefined when there is
 * none. 422 when reading it would cost more than its textBudget.
 */
export function htmlRecipe(html: string): Record<string, unknown> | undefined {
  const elements = elementsIn(parseHtml(html, { decodeEntities: true }).children);
  budget = textBudget(html);
  shortTexts = new Map();
  return fromCard(elements) ?? fromHeadings(elements);
}

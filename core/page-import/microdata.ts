/**
 * A page's microdata items, read after the WHATWG HTML microdata algorithm
 * (https://html.spec.whatwg.org/multipage/microdata.html): item types, `itemid`, property names,
 * `itemref`, property values by element, URLs made absolute against the page's address (or its
 * `<base href>`; kept as written when they cannot be, an empty one stays empty). Nested items are
 * nested objects, and an item is never nested in itself (the spec's "ERROR" value is left out).
 * Liberties that pages count on, taken as the previous reader (microdata-node) took them: an item
 * with `itemprop` that no item claims is a top-level item, an element valued by its text takes a
 * `content` attribute when it has one (`<span itemprop="prepTime" content="PT10M">`), and a `<br>`
 * in text is a line break, so that steps written one per line stay apart.
 */
import { parseHtml } from "./html.ts";

export type MicrodataItem = { type: string[]; properties: Record<string, MicrodataValue[]>; id?: string };
export type MicrodataValue = string | MicrodataItem;

type Node = ReturnType<typeof parseHtml>["children"][number];
type Element = Extract<Node, { attribs: unknown }>;

/**
 * Bounds past which a page is read no further, so that no page can exhaust the stack or hang the
 * reader: the depth of nested items; the items read (an item `itemref`ed from several places is
 * read in each, exponentially many times on a page made for it); the work (elements visited,
 * characters of text, values taken), which nested text properties would make quadratic.
 */
const MAX_DEPTH = 50;
const MAX_ITEMS = 10_000;
const MAX_WORK = 5_000_000;
type Budget = { left: number; items: number };

/** The attribute holding a URL value, by element (`<img itemprop="image" src="...">`). */
const URL_ATTRIBUTES = new Map([
  ...["audio", "embed", "iframe", "img", "source", "track", "video"].map((name) => [name, "src"] as const),
  ...["a", "area", "link"].map((name) => [name, "href"] as const),
  ["object", "data"] as const,
]);

const isElement = (node: Node): node is Element => "attribs" in node;
const isItem = (element: Element): boolean => element.attribs.itemscope !== undefined;

/** Unique whitespace-separated tokens, in order. */
const tokens = (value: string | undefined): string[] => [
  ...new Set((value ?? "").split(/[\t\n\f\r ]+/).filter(Boolean)),
];

/** `value` made absolute against `base`; as written when it cannot be (or is empty). */
function absolute(value: string, base: string | undefined): string {
  if (!value) return value;
  try {
    return new URL(value, base).href;
  } catch {
    return value;
  }
}

/** Every node under `nodes`, in tree order, without recursion (a page may nest thousands deep). */
function* descendants(nodes: readonly Node[]): Generator<Node> {
  const pending = nodes.toReversed();
  for (let node = pending.pop(); node; node = pending.pop()) {
    yield node;
    if (isElement(node)) for (const child of node.children.toReversed()) pending.push(child);
  }
}

/** The element's text content, `<br>` as a line break. */
function textOf(element: Element, budget: Budget): string {
  const parts: string[] = [];
  for (const node of descendants(element.children)) {
    budget.left -= 1;
    if (budget.left < 0) break;
    if (node.type === "text") {
      parts.push(node.data);
      budget.left -= node.data.length;
    } else if (isElement(node) && node.name === "br") parts.push("\n");
  }
  return parts.join("");
}

/** A property's value when it is not an item: an attribute by element, else the text. */
function propertyValue(element: Element, base: string | undefined, budget: Budget): string {
  const { name, attribs } = element;
  const urlAttribute = URL_ATTRIBUTES.get(name);
  if (name === "meta") return attribs.content ?? "";
  if (urlAttribute) return absolute(attribs[urlAttribute] ?? "", base);
  if (name === "data" || name === "meter") return attribs.value ?? "";
  if (name === "time" && attribs.datetime !== undefined) return attribs.datetime;
  return attribs.content ?? textOf(element, budget);
}

/** The top-level items of a page; [] when it has none (or cannot be read at all). */
export function readMicrodata(html: string, pageUrl?: string): MicrodataItem[] {
  if (!/itemscope/i.test(html)) return [];
  try {
    const elements = [...descendants(parseHtml(html).children)].filter(isElement);
    const position = new Map(elements.map((element, i) => [element, i]));
    const byId = new Map<string, Element>();
    for (const element of elements) {
      const id = element.attribs.id;
      if (id && !byId.has(id)) byId.set(id, element);
    }
    const baseHref = elements.find((element) => element.name === "base")?.attribs.href;
    const base = baseHref === undefined ? pageUrl : absolute(baseHref, pageUrl);
    const budget: Budget = { left: MAX_WORK, items: MAX_ITEMS };

    const propertyCache = new Map<Element, Element[]>();
    /** The item's property elements in tree order: its subtree down to nested items, and its `itemref`s. */
    const propertiesOf = (item: Element): Element[] => {
      const cached = propertyCache.get(item);
      if (cached) return cached;
      const seen = new Set([item]);
      const found: Element[] = [];
      const pending: Node[] = [
        ...item.children,
        ...tokens(item.attribs.itemref).flatMap((id) => byId.get(id) ?? []),
      ];
      for (let node = pending.pop(); node && budget.left > 0; node = pending.pop()) {
        budget.left -= 1;
        if (!isElement(node) || seen.has(node)) continue;
        seen.add(node);
        if (!isItem(node)) for (const child of node.children) pending.push(child);
        if (tokens(node.attribs.itemprop).length > 0) found.push(node);
      }
      found.sort((a, b) => (position.get(a) ?? 0) - (position.get(b) ?? 0));
      propertyCache.set(item, found);
      return found;
    };

    /** `path`: the items this one is nested in, which it must not contain again. */
    const readItem = (item: Element, path: Element[]): MicrodataItem => {
      budget.items -= 1;
      const properties = new Map<string, MicrodataValue[]>();
      const inside = [...path, item];
      for (const element of propertiesOf(item)) {
        if (budget.left <= 0) break;
        const nested = isItem(element);
        if (nested && (inside.includes(element) || inside.length >= MAX_DEPTH || budget.items <= 0)) continue;
        const value = nested ? readItem(element, inside) : propertyValue(element, base, budget);
        for (const name of tokens(element.attribs.itemprop)) {
          budget.left -= 1;
          const values = properties.get(name);
          if (values) values.push(value);
          else properties.set(name, [value]);
        }
      }
      const id = item.attribs.itemid?.trim();
      const result = { type: tokens(item.attribs.itemtype), properties: Object.fromEntries(properties) };
      return id ? { ...result, id: absolute(id, base) } : result;
    };

    const items = elements.filter(isItem);
    const claimed = new Set(items.flatMap(propertiesOf));
    return items.filter((item) => !claimed.has(item)).map((item) => readItem(item, []));
  } catch {
    return [];
  }
}

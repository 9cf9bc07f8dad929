/**
 * Pages are parsed with htmlparser2, their nesting bounded. The parser keeps its open elements in
 * an array it shifts at the front (fb55/htmlparser2#2481), so every element costs as much as the
 * depth it opens at: 100,000 nested `<div>`s (1 MB) took seconds, and a 5 MB page would take
 * minutes. Browsers stop nesting at 512 (Chromium's HTML parser); a page nested deeper is refused.
 * A page made into a tree holds at most MAX_ELEMENTS elements: a recipe's page has a few thousand,
 * and 5 MB of `<b>` (700,000 of them) took seconds to build and read; 50,000 take a few tenths.
 */
import { DomHandler, Parser, type ParserOptions } from "htmlparser2";
import { Invalid } from "../errors.ts";

export const MAX_NESTING = 512;
export const MAX_ELEMENTS = 50_000;
/** The 422 of a page with more than MAX_ELEMENTS elements. */
export const tooManyElements = () => Invalid(`The page has more than ${MAX_ELEMENTS} elements.`);

/** Counts the open elements of a parse (call `open` from `onopentag`, `close` from `onclosetag`). */
export class NestingLimit {
  private depth = 0;

  /** 422 once the page nests deeper than MAX_NESTING. */
  open(): void {
    this.depth += 1;
    if (this.depth > MAX_NESTING) throw Invalid(`The page nests its elements more than ${MAX_NESTING} deep.`);
  }

  close(): void {
    this.depth -= 1;
  }
}

class BoundedDomHandler extends DomHandler {
  private readonly limit = new NestingLimit();
  private elements = 0;

  override onopentag(name: string, attributes: Record<string, string>): void {
    this.limit.open();
    if (++this.elements > MAX_ELEMENTS) throw tooManyElements();
    super.onopentag(name, attributes);
  }

  override onclosetag(): void {
    this.limit.close();
    super.onclosetag();
  }
}

/** The page as a tree (what htmlparser2's parseDocument gives), refused when too deep or too large. */
export function parseHtml(html: string, options: ParserOptions = {}): DomHandler["root"] {
  const handler = new BoundedDomHandler();
  new Parser(handler, options).end(html);
  return handler.root;
}

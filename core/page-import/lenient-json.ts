/**
 * JSON-LD as pages really embed it. Most blocks are strict JSON and `JSON.parse` reads them; the
 * others are read the way browsers' and search engines' lenient readers take them, not refused:
 * - a wrapper: `<!-- … -->`, `<![CDATA[ … ]]>`, `//<![CDATA[ … //]]>`;
 * - a bad escape (`\'`, `\ `, `\é`): the character itself;
 * - control characters (raw newlines, tabs) inside strings: kept;
 * - unquoted keys (`{name: "Pie"}`), single-quoted strings, trailing or doubled commas, a missing
 *   comma between members on separate lines, `//` and `/* *\/` comments;
 * - a double quote inside a string that does not end it (`"12" pan"`): one that is not followed by
 *   `,` `:` `}` `]`, a line break or the end is taken as a character;
 * - several values one after the other (`{…}{…}`, `{…}\n{…}`, `{…};`): all of them, as a list;
 * - a block cut short: what was read up to the cut.
 * Bounded like the rest of the reading: nesting deeper than MAX_JSON_NESTING (what browsers allow
 * elements) gives up on the block; the size is the page's own limit, read once, left to right.
 */
import { MAX_NESTING } from "./html.ts";

export const MAX_JSON_NESTING = MAX_NESTING;

class Unreadable extends Error {}

const OPENING = /(?:\/\/\s*)?(?:<!--|<!\[CDATA\[)/y;
const CLOSINGS = ["-->", "]]>"];

/**
 * The block without its comment or CDATA wrappers (either, both, in either order, any number of
 * them), read once from each end: a block of 5 MB of `-->` is not read again for each of them.
 */
function unwrap(text: string): string {
  const space = (i: number) => /\s/.test(text[i] ?? "");
  let start = 0;
  let end = text.length;
  for (;;) {
    while (space(start)) start += 1;
    OPENING.lastIndex = start;
    const opening = OPENING.exec(text);
    if (!opening) break;
    start += opening[0].length;
  }
  for (;;) {
    while (end > start && space(end - 1)) end -= 1;
    if (end - start < 3 || !CLOSINGS.includes(text.slice(end - 3, end))) break;
    end -= 3;
    // `//-->`, `// ]]>`: the comment a script writes the closing in.
    let at = end;
    while (at > start && space(at - 1)) at -= 1;
    if (at - start >= 2 && text.startsWith("//", at - 2)) end = at - 2;
  }
  return text.slice(start, end);
}

/** One JSON-LD block's value: strict JSON first, then the lenient reading; undefined when neither reads it. */
export function parseJsonLd(text: string): unknown {
  const json = unwrap(text);
  try {
    return JSON.parse(json);
  } catch {
    // read it leniently
  }
  const values = new LenientReader(json).values();
  return values.length <= 1 ? values[0] : values;
}

const ESCAPES: Record<string, string> = { b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" };
const NUMBER = /[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/y;
const BARE_KEY = /[^\s:,{}[\]"'/]+/y;
const WORDS: Record<string, unknown> = { true: true, false: false, null: null };
const WORD = /[A-Za-z_$][\w$]*/y;

/** A recursive-descent reader of JSON with the liberties above. */
class LenientReader {
  private pos = 0;

  constructor(private readonly text: string) {}

  /** Every top-level value, in order, until the end or what cannot be read. */
  values(): unknown[] {
    const found: unknown[] = [];
    for (;;) {
      this.skipSpace(",;");
      if (this.pos >= this.text.length) return found;
      try {
        found.push(this.value(0));
      } catch (error) {
        if (error instanceof Unreadable || error instanceof RangeError) return found;
        throw error;
      }
    }
  }

  /** Skips whitespace, comments and any of `also` (separators that mean nothing there). */
  private skipSpace(also = ""): void {
    const { text } = this;
    while (this.pos < text.length) {
      const c = text[this.pos] as string;
      if (c === "/" && text[this.pos + 1] === "/") {
        const end = text.indexOf("\n", this.pos);
        this.pos = end < 0 ? text.length : end + 1;
      } else if (c === "/" && text[this.pos + 1] === "*") {
        const end = text.indexOf("*/", this.pos + 2);
        this.pos = end < 0 ? text.length : end + 2;
      } else if (/\s/.test(c) || c === "\ufeff" || also.includes(c)) {
        this.pos += 1;
      } else {
        return;
      }
    }
  }

  private value(depth: number): unknown {
    if (depth > MAX_JSON_NESTING) throw new Unreadable();
    const c = this.text[this.pos];
    if (c === "{") return this.object(depth);
    if (c === "[") return this.array(depth);
    if (c === '"' || c === "'") return this.string(c);
    const number = this.match(NUMBER);
    if (number !== undefined) return Number(number);
    const word = this.match(WORD);
    if (word !== undefined && word in WORDS) return WORDS[word];
    throw new Unreadable();
  }

  private match(pattern: RegExp): string | undefined {
    pattern.lastIndex = this.pos;
    const found = pattern.exec(this.text)?.[0];
    if (found) this.pos += found.length;
    return found || undefined;
  }

  private object(depth: number): Record<string, unknown> {
    this.pos += 1;
    const object: Record<string, unknown> = {};
    for (;;) {
      this.skipSpace(",");
      const c = this.text[this.pos];
      if (c === undefined) return object;
      if (c === "}") {
        this.pos += 1;
        return object;
      }
      const key = c === '"' || c === "'" ? this.string(c) : this.match(BARE_KEY);
      if (key === undefined) throw new Unreadable();
      this.skipSpace();
      if (this.text[this.pos] !== ":") throw new Unreadable();
      this.pos += 1;
      this.skipSpace();
      if (this.pos >= this.text.length) return object;
      // As JSON.parse does: an own property, even `__proto__`, never the prototype.
      Object.defineProperty(object, key, {
        value: this.value(depth + 1),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
  }

  private array(depth: number): unknown[] {
    this.pos += 1;
    const array: unknown[] = [];
    for (;;) {
      this.skipSpace(",");
      const c = this.text[this.pos];
      if (c === undefined) return array;
      if (c === "]") {
        this.pos += 1;
        return array;
      }
      array.push(this.value(depth + 1));
    }
  }

  /** True when a quote at `this.pos - 1` ends its string: the next thing is a separator, a line break or the end. */
  private endsString(): boolean {
    const { text } = this;
    for (let i = this.pos; i < text.length; i += 1) {
      const c = text[i] as string;
      if (c === "\n" || c === "\r") return true;
      if (c !== " " && c !== "\t") return ",:}]".includes(c);
    }
    return true;
  }

  private string(quote: string): string {
    const { text } = this;
    this.pos += 1;
    let out = "";
    let start = this.pos;
    while (this.pos < text.length) {
      const c = text[this.pos];
      if (c === "\\") {
        out += text.slice(start, this.pos);
        const next = text[this.pos + 1] ?? "";
        const hex = next === "u" ? /^[0-9a-fA-F]{4}$/.exec(text.slice(this.pos + 2, this.pos + 6)) : null;
        out += hex ? String.fromCharCode(Number.parseInt(hex[0], 16)) : (ESCAPES[next] ?? next);
        this.pos += hex ? 6 : 2;
        start = this.pos;
      } else {
        this.pos += 1;
        if (c === quote && this.endsString()) return out + text.slice(start, this.pos - 1);
      }
    }
    return out + text.slice(start);
  }
}

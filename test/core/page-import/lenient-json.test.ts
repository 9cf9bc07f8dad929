/** JSON-LD blocks as pages embed them: strict JSON, and the faults that lenient readers take (lenient-json.ts). */
import { describe, expect, it } from "vitest";
import { MAX_JSON_NESTING, parseJsonLd } from "../../../core/page-import/lenient-json.ts";

describe("parseJsonLd", () => {
  it.each<[string, string, unknown]>([
    ["strict JSON", '{"@type": "Recipe", "name": "Pie"}', { "@type": "Recipe", name: "Pie" }],
    ["a list", '[{"a": 1}, 2, "x", true, null]', [{ a: 1 }, 2, "x", true, null]],
    ["an HTML comment around it", '<!--\n{"a": 1}\n-->', { a: 1 }],
    ["a CDATA section around it", '//<![CDATA[\n{"a": 1}\n//]]>', { a: 1 }],
    ["both wrappers", '<!-- <![CDATA[ {"a": 1} ]]> -->', { a: 1 }],
    ["a bad escape \\'", String.raw`{"name": "Grandma\'s pie"}`, { name: "Grandma's pie" }],
    [
      "a bad escape \\ (space) and \\é",
      String.raw`{"a": "one\ two", "b": "caf\é"}`,
      { a: "one two", b: "café" },
    ],
    ["good escapes kept", String.raw`{"a": "x\"y\\z\/\n\u00e9\t"}`, { a: 'x"y\\z/\né\t' }],
    ["a second object after the first", '{"a": 1}{"b": 2}', [{ a: 1 }, { b: 2 }]],
    ["a second object on the next line", '{"a": 1}\n{"b": 2};', [{ a: 1 }, { b: 2 }]],
    [
      "unquoted keys",
      '{"@type": "Recipe", name: "Pie", recipeYield: 4}',
      { "@type": "Recipe", name: "Pie", recipeYield: 4 },
    ],
    ["a trailing comma", '{"a": [1, 2,], "b": 3,}', { a: [1, 2], b: 3 }],
    [
      "raw control characters in a string",
      '{"a": "line one\nline\ttwo\u0001"}',
      { a: "line one\nline\ttwo\u0001" },
    ],
    ["single quotes", "{'a': 'b'}", { a: "b" }],
    ["comments", '{"a": 1, // the first\n /* and */ "b": 2}', { a: 1, b: 2 }],
    ["a missing comma between lines", '{"a": "x"\n "b": "y"}', { a: "x", b: "y" }],
    ["a quote inside a string", '{"a": "a 9" pan", "b": 1}', { a: 'a 9" pan', b: 1 }],
    [
      "a block cut short",
      '{"name": "Pie", "recipeIngredient": ["1 egg", "2 cups',
      { name: "Pie", recipeIngredient: ["1 egg", "2 cups"] },
    ],
    [
      "numbers as JSON writes them and a little more",
      '{"a": -1.5e2, "b": .5, "c": +2}',
      { a: -150, b: 0.5, c: 2 },
    ],
  ])("reads %s", (_, text, expected) => {
    expect(parseJsonLd(text)).toEqual(expected);
  });

  it("keeps `__proto__` an own property, as JSON.parse does, never the prototype", () => {
    const value = parseJsonLd('{__proto__: {"polluted": true}, a: 1,}') as Record<string, unknown>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.keys(value)).toEqual(["__proto__", "a"]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("gives up on what no reader could take, keeping the values read before it", () => {
    expect(parseJsonLd("")).toBeUndefined();
    expect(parseJsonLd("not json at all")).toBeUndefined();
    expect(parseJsonLd('{"a": 1} <p>then HTML</p>')).toEqual({ a: 1 });
    expect(parseJsonLd('{"a" 1}')).toBeUndefined();
  });

  it(`reads ${MAX_JSON_NESTING} levels of nesting, and no more (without exhausting the stack)`, () => {
    const nested = (n: number) => `${"[".repeat(n)}1${"]".repeat(n)},`;
    expect(JSON.stringify(parseJsonLd(nested(MAX_JSON_NESTING)))).toBe(nested(MAX_JSON_NESTING).slice(0, -1));
    expect(parseJsonLd(nested(MAX_JSON_NESTING + 1))).toBeUndefined();
    expect(parseJsonLd(`${"{a:".repeat(100_000)}1,`)).toBeUndefined();
  });
});

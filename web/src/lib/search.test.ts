import { describe, expect, it } from "vitest";
import { oneOf, parseSearch, positiveInt, positiveInts, stringifySearch, text } from "./search.ts";

describe("search parameters in the URL", () => {
  it("repeats a key for a list, like the API, and round-trips", () => {
    const search = { q: "soup", ingredient_id: [3, 7], sort: undefined, category_id: 2 };
    const url = stringifySearch(search);
    expect(url).toBe("?q=soup&ingredient_id=3&ingredient_id=7&category_id=2");
    expect(parseSearch(url)).toEqual({ q: "soup", ingredient_id: ["3", "7"], category_id: "2" });
  });

  it("leaves out empty values and writes nothing for an empty search", () => {
    expect(stringifySearch({ q: "", user_id: undefined })).toBe("");
  });

  it("validates each page's parameters, dropping what does not parse", () => {
    expect(positiveInt("8")).toBe(8);
    expect(positiveInt("0")).toBeUndefined();
    expect(positiveInt("1.5")).toBeUndefined();
    expect(positiveInt("abc")).toBeUndefined();
    expect(positiveInt("2000", 1000)).toBeUndefined();
    expect(positiveInts(["3", "x", "3", "7"])).toEqual([3, 7]);
    expect(positiveInts("x")).toBeUndefined();
    expect(text("  pancakes ")).toBe("pancakes");
    expect(text("   ")).toBeUndefined();
    expect(oneOf("title", ["newest", "title"])).toBe("title");
    expect(oneOf("random", ["newest", "title"])).toBeUndefined();
  });
});

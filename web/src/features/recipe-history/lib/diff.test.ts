import { describe, expect, it } from "vitest";
import { anyChange, type DiffLine, diffLines, diffRecipes, MAX_CELLS, type RecipeVersion } from "./diff.ts";

const chars = (text: string) => [...text];
/** A diff written compactly: " x" same, "+x" added, "-x" removed. */
const show = (lines: DiffLine<string>[]) =>
  lines.map((l) => `${l.kind === "same" ? " " : l.kind === "added" ? "+" : "-"}${l.item}`).join("");
const diff = (a: string, b: string) => show(diffLines(chars(a), chars(b), (x) => x));

describe("diffLines", () => {
  it("keeps equal lists as they are", () => {
    expect(diff("abc", "abc")).toBe(" a b c");
    expect(diff("", "")).toBe("");
  });

  it("marks every line added to an empty list, and every line of a list emptied as removed", () => {
    expect(diff("", "ab")).toBe("+a+b");
    expect(diff("ab", "")).toBe("-a-b");
  });

  it("finds a line inserted, removed or replaced in the middle", () => {
    expect(diff("abc", "abxc")).toBe(" a b+x c");
    expect(diff("abxc", "abc")).toBe(" a b-x c");
    expect(diff("abc", "axc")).toBe(" a-b+x c");
  });

  it("keeps the longest common subsequence", () => {
    // ABCBDAB against BDCABA: an LCS has 4 lines (e.g. BCBA), so 3 removed and 2 added.
    const lines = diffLines(chars("ABCBDAB"), chars("BDCABA"), (x) => x);
    expect(lines.filter((l) => l.kind === "same")).toHaveLength(4);
    expect(lines.filter((l) => l.kind === "removed")).toHaveLength(3);
    expect(lines.filter((l) => l.kind === "added")).toHaveLength(2);
    // Read back, the removed and kept lines are the first list, the added and kept ones the second.
    expect(lines.filter((l) => l.kind !== "added").map((l) => l.item)).toEqual(chars("ABCBDAB"));
    expect(lines.filter((l) => l.kind !== "removed").map((l) => l.item)).toEqual(chars("BDCABA"));
  });

  it("finds a line moved as removed in one place and added in another", () => {
    expect(diff("abcd", "bcda")).toBe("-a b c d+a");
  });

  it("compares by key and answers the items themselves", () => {
    const before = [{ id: 1, n: "a" }];
    const after = [{ id: 2, n: "a" }];
    expect(diffLines(before, after, (x) => x.n)).toEqual([{ kind: "same", item: before[0] }]);
  });

  it("gives up comparing beyond its bound, and still says every line once, in order", () => {
    const size = Math.ceil(Math.sqrt(MAX_CELLS)) + 1;
    const before = Array.from({ length: size }, (_, i) => `a${i}`);
    const after = Array.from({ length: size }, (_, i) => `b${i}`);
    const lines = diffLines(["same", ...before, "end"], ["same", ...after, "end"], (x) => x);
    expect(lines).toHaveLength(2 * size + 2);
    expect(lines[0]).toEqual({ kind: "same", item: "same" });
    expect(lines.slice(1, size + 1).every((l) => l.kind === "removed")).toBe(true);
    expect(lines.slice(size + 1, -1).every((l) => l.kind === "added")).toBe(true);
    expect(lines.at(-1)).toEqual({ kind: "same", item: "end" });
  });

  it("compares a recipe of a few hundred lines each way", () => {
    const before = Array.from({ length: 400 }, (_, i) => `step ${i}`);
    const after = before.filter((_, i) => i % 7 !== 0).concat("a new last step");
    const lines = diffLines(before, after, (x) => x);
    expect(lines.filter((l) => l.kind === "removed")).toHaveLength(Math.ceil(400 / 7));
    expect(lines.filter((l) => l.kind === "added").map((l) => l.item)).toEqual(["a new last step"]);
  });
});

const bread: RecipeVersion = {
  title: "Bread",
  description: "A plain loaf.",
  servings: 4,
  prep_time_sec: 600,
  cook_time_sec: 2400,
  total_time_sec: null,
  source_url: null,
  categories: [{ name: "Baking" }, { name: "Breakfast" }],
  ingredients: [
    { name: "Flour", amount_grams: 500, amount_readable: "500 g" },
    { name: "Salt", amount_grams: 10, amount_readable: "2 tsp" },
    { name: "Water", amount_grams: 350, amount_readable: "350 ml" },
  ],
  steps: [{ description: "Mix everything." }, { description: "Bake 40 minutes." }],
};

describe("diffRecipes", () => {
  it("finds nothing between a version and itself", () => {
    const diff = diffRecipes(bread, structuredClone(bread));
    expect(diff.values).toEqual([]);
    expect(anyChange(diff)).toBe(false);
  });

  it("names the one-value fields that changed, with both values", () => {
    const diff = diffRecipes(bread, { ...bread, title: "Country bread", servings: 2, total_time_sec: 7200 });
    expect(diff.values).toEqual([
      { field: "title", before: "Bread", after: "Country bread" },
      { field: "servings", before: 4, after: 2 },
      { field: "total_time_sec", before: null, after: 7200 },
    ]);
  });

  it("counts an empty description as none", () => {
    expect(diffRecipes(bread, { ...bread, description: null }).values).toEqual([
      { field: "description", before: "A plain loaf.", after: null },
    ]);
    expect(diffRecipes({ ...bread, description: "" }, { ...bread, description: null }).values).toEqual([]);
  });

  it("sees a line whose amount changed as one removed and one added", () => {
    const less = { name: "Salt", amount_grams: 5, amount_readable: "1 tsp" };
    const diff = diffRecipes(bread, {
      ...bread,
      ingredients: [bread.ingredients[0], less, bread.ingredients[2]] as RecipeVersion["ingredients"],
    });
    expect(diff.ingredients.map((l) => [l.kind, l.item.amount_readable])).toEqual([
      ["same", "500 g"],
      ["removed", "2 tsp"],
      ["added", "1 tsp"],
      ["same", "350 ml"],
    ]);
    expect(diff.values).toEqual([]);
    expect(anyChange(diff)).toBe(true);
  });

  it("compares steps by their text and categories as a set", () => {
    const diff = diffRecipes(bread, {
      ...bread,
      categories: [{ name: "Breakfast" }, { name: "Baking" }],
      steps: [
        { description: "Mix everything." },
        { description: "Rest 1 hour." },
        { description: "Bake 40 minutes." },
      ],
    });
    expect(diff.categories.every((l) => l.kind === "same")).toBe(true);
    expect(diff.steps.map((l) => l.kind)).toEqual(["same", "added", "same"]);
  });

  it("shows the first version as all added", () => {
    const diff = diffRecipes(null, bread);
    expect(diff.values.map((v) => v.field)).toEqual([
      "title",
      "description",
      "servings",
      "prep_time_sec",
      "cook_time_sec",
    ]);
    expect(diff.ingredients.every((l) => l.kind === "added")).toBe(true);
    expect(diff.steps.every((l) => l.kind === "added")).toBe(true);
    expect(diff.categories.map((l) => l.item)).toEqual(["Baking", "Breakfast"]);
  });
});

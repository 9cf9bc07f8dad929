/**
 * Hostile input costs bounded work (issue 36): the API is one Node process, and no request may hold
 * it. Each shape is built at the size limits and measured by a count of operations (no clock):
 * before the bounds, each of these counts was many times over its limit here.
 */
import { describe, expect, it, vi } from "vitest";
import { parseIngredientLine } from "../../../core/page-import/ingredient-line.ts";

/** How often `method` of `target` (a prototype) is called while `run` runs. */
function calls(target: object, method: string, run: () => unknown): number {
  const spy = vi.spyOn(target as Record<string, () => unknown>, method as never);
  try {
    run();
    return spy.mock.calls.length;
  } finally {
    spy.mockRestore();
  }
}

describe("an ingredient line of 500 characters", () => {
  const LANGUAGES = [undefined, "de", "fr"];

  it.each(LANGUAGES)(
    "looks its food up in a few words at its end, not every part of it (language %s)",
    (language) => {
      // 246 words before the food: every start and end of them, joined, in each of ten tables, was 9,000 lookups.
      const line = `${"a ".repeat(246)}flour`;
      // One word of 498 letters: its ends were looked up from the third letter on (5,000 lookups).
      const compound = "Weizen".repeat(83);
      // The tables are built on first use.
      for (const first of [line, compound]) parseIngredientLine(first, { language });
      expect(parseIngredientLine(line, { language }).food?.name).toBe("Flour");
      expect(calls(Map.prototype, "get", () => parseIngredientLine(line, { language }))).toBeLessThan(1_000);
      expect(calls(Map.prototype, "get", () => parseIngredientLine(compound, { language }))).toBeLessThan(
        1_000,
      );
    },
  );

  it.each([
    ["1 1 1 …", `1${" 1".repeat(249)}`],
    ["1-1-1-…", "1-".repeat(250)],
  ])("reads a run of numbers (%s) without trying each of its starts and ends", (_shape, line) => {
    // parse-ingredient reads a number by trying every prefix of the run, a substring each: 500 to
    // 1,000 of them here, each as long as the run.
    expect(calls(String.prototype, "substring", () => parseIngredientLine(line))).toBeLessThan(200);
    expect(parseIngredientLine(line).quantity).toBe(1);
  });
});

/**
 * One English singular and plural (core/amount/plural.ts), which the amounts, the line parser and the
 * food keys share: the irregular words read and write back the same way.
 */
import { describe, expect, it } from "vitest";
import { pluralOf, singular } from "../../../core/amount/plural.ts";

describe("singular and pluralOf", () => {
  it.each([
    ["leaf", "leaves"],
    ["half", "halves"],
    ["loaf", "loaves"],
    ["knife", "knives"],
    ["tomato", "tomatoes"],
    ["cheese", "cheeses"],
    ["egg", "eggs"],
    ["berry", "berries"],
    ["pinch", "pinches"],
    ["oats", "oats"],
    ["chives", "chives"],
    ["molasses", "molasses"],
    ["asparagus", "asparagus"],
    ["hummus", "hummus"],
    ["couscous", "couscous"],
  ])("%s ↔ %s", (one, many) => {
    expect(pluralOf(one)).toBe(many);
    expect(singular(many)).toBe(one);
  });

  it("keeps the rules' answers where the table says nothing", () => {
    expect(singular("swiss")).toBe("swiss");
    expect(pluralOf("swiss")).toBe("swisses");
    expect(pluralOf("Leaf")).toBe("Leaf");
  });
});

import { describe, expect, it } from "vitest";
import { applyFieldErrors, flatField, numberText, optionalNumber, orNull, parseDecimal } from "./form.ts";

describe("text as typed → the API's values", () => {
  it("reads decimals with a point or a comma; empty is not a number", () => {
    expect(parseDecimal(" 0,53 ")).toBe(0.53);
    expect(parseDecimal("12.5")).toBe(12.5);
    expect(parseDecimal("")).toBeNaN();
    expect(parseDecimal("a lot")).toBeNaN();
  });

  it("turns empty optional fields into null, and back", () => {
    expect(optionalNumber("  ")).toBeNull();
    expect(optionalNumber("4,89")).toBe(4.89);
    expect(orNull("  ")).toBeNull();
    expect(orNull(" Aisle 4 ")).toBe("Aisle 4");
    expect(numberText(null)).toBe("");
    expect(numberText(0.53)).toBe("0.53");
  });
});

describe("the API's errors[].path on the form's fields", () => {
  const toField = flatField(["name", "grams_per_ml", "recipe"] as const, { recipe_id: "recipe" });

  it("names a flat field by the path's first part, through aliases, or not at all", () => {
    expect(toField("name")).toBe("name");
    expect(toField("grams_per_ml")).toBe("grams_per_ml");
    expect(toField("recipe_id")).toBe("recipe");
    expect(toField("ingredient_ids.0")).toBeNull();
  });

  it("sets each error it can place and answers the first field, for the focus", () => {
    const set: [string, string][] = [];
    const first = applyFieldErrors(
      { user_id: "Unknown field.", grams_per_ml: "Too large.", name: "Required." },
      toField,
      (field, error) => set.push([field, error.message]),
    );
    expect(first).toBe("grams_per_ml");
    expect(set).toEqual([
      ["grams_per_ml", "Too large."],
      ["name", "Required."],
    ]);
    expect(applyFieldErrors({ other: "x" }, toField, () => undefined)).toBeNull();
  });
});

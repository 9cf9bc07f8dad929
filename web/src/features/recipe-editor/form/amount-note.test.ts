import { describe, expect, it } from "vitest";
import { joinAmountNote, READABLE_MAX, splitAmountNote } from "./amount-note.ts";

describe("the amount and its note in one field", () => {
  it("joins them with a comma, and splits them at the first one", () => {
    expect(joinAmountNote("1 1/2 cups", "sifted")).toBe("1 1/2 cups, sifted");
    expect(joinAmountNote("2 eggs", null)).toBe("2 eggs");
    expect(joinAmountNote("", "to taste")).toBe("to taste");
    expect(splitAmountNote("1 1/2 cups, sifted, divided")).toEqual({
      amount: "1 1/2 cups",
      note: "sifted, divided",
    });
    expect(splitAmountNote("2 eggs")).toEqual({ amount: "2 eggs", note: "" });
  });

  it("keeps the field within the API's limit", () => {
    expect(joinAmountNote("1 cup", "x".repeat(200))).toHaveLength(READABLE_MAX);
  });

  it("splits what it joined", () => {
    expect(splitAmountNote(joinAmountNote("200 g", "chopped"))).toEqual({ amount: "200 g", note: "chopped" });
  });
});

import { describe, expect, it } from "vitest";
import { unsentText } from "./unsent-changes.ts";

describe("the notice of changes made offline that were not sent", () => {
  it("tells the person who logged out which changes, one by one", () => {
    expect(unsentText(3, "sam", ["ticked “Flour”", "added “kitchen roll”", "removed “Eggs”"])).toBe(
      "3 changes made offline by sam were not sent: ticked “Flour”, added “kitchen roll”, and removed “Eggs”.",
    );
    expect(unsentText(1, "sam", ["unticked “Flour”"])).toBe(
      "1 change made offline by sam was not sent: unticked “Flour”.",
    );
    expect(unsentText(2, undefined, ["ticked “Flour”", "ticked “Eggs”"])).toBe(
      "2 changes made offline were not sent: ticked “Flour” and ticked “Eggs”.",
    );
  });

  it("tells another person how many and whose only: the last account's lists are not theirs to read", () => {
    expect(unsentText(4, "sam")).toBe(
      "4 changes made offline by sam were not sent: they were waiting for sam to log in again.",
    );
    expect(unsentText(1, undefined)).toBe(
      "1 change made offline with another account was not sent: it was waiting for that account to log in again.",
    );
  });
});

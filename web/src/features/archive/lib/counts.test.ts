import { afterEach, describe, expect, it } from "vitest";
import { activate } from "../../../i18n/index.ts";
import { describeCounts, formatBytes, listCounts } from "./counts.ts";

describe("describeCounts", () => {
  it("names what came in, in a fixed order, leaving out link tables and zeros", () => {
    expect(
      describeCounts({ pictures: 1, recipe_steps: 12, recipes: 3, stores: 0, ingredients_matched: 1 }),
    ).toEqual(["3 recipes", "1 ingredient already here", "1 picture"]);
  });

  it("calls an export's ingredients just ingredients", () => {
    expect(describeCounts({ recipes: 1, ingredients: 4 }, true)).toEqual(["1 recipe", "4 ingredients"]);
    expect(describeCounts({ ingredients: 4 })).toEqual(["4 new ingredients"]);
  });
});

describe("formatBytes", () => {
  it("reads in bytes, KB, MB", () => {
    expect(formatBytes(900)).toBe("900 bytes");
    expect(formatBytes(1536)).toBe("1.5 KB");
    expect(formatBytes(25 * 1024 * 1024)).toBe("25 MB");
  });
});

describe("in German", () => {
  afterEach(async () => {
    await activate("en");
  });

  it("counts with German plurals and writes sizes with a decimal comma", async () => {
    await activate("de");
    expect(describeCounts({ recipes: 1, shelves: 2, ingredients_matched: 4 })).toEqual([
      "1 Rezept",
      "4 Zutaten schon vorhanden",
      "2 Regale",
    ]);
    // The list's joining word is the runtime's CLDR ("und" in newer ones, a comma in older ones).
    expect(listCounts({ recipes: 2, pictures: 1 })).toMatch(/^2 Rezepte(,| und) 1 Bild$/);
    expect(formatBytes(1536)).toBe("1,5 KB");
  });
});

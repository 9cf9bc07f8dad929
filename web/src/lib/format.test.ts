import { describe, expect, it } from "vitest";
import { formatDuration, formatGrams, formatServings, totalSeconds } from "./format.ts";

describe("formatDuration", () => {
  it("reads minutes, hours and both, counting a started minute", () => {
    expect(formatDuration(45 * 60)).toBe("45 min");
    expect(formatDuration(30)).toBe("1 min");
    expect(formatDuration(0)).toBe("0 min");
    expect(formatDuration(60 * 60)).toBe("1 h");
    expect(formatDuration(90 * 60)).toBe("1 h 30 min");
  });

  it("says nothing for a time the recipe does not give", () => {
    expect(formatDuration(null)).toBeNull();
    expect(formatDuration(undefined)).toBeNull();
  });
});

describe("totalSeconds", () => {
  it("adds prep and cook, a missing one counting as nothing", () => {
    expect(totalSeconds(600, 900)).toBe(1500);
    expect(totalSeconds(null, 900)).toBe(900);
    expect(totalSeconds(600, null)).toBe(600);
    expect(totalSeconds(null, null)).toBeNull();
  });

  it("takes the recipe's own total (resting included) where it has one", () => {
    expect(totalSeconds(3600, 900, 79_200)).toBe(79_200);
    expect(totalSeconds(null, null, 0)).toBe(0);
    expect(totalSeconds(600, 900, null)).toBe(1500);
  });
});

describe("formatGrams (the scaled amounts)", () => {
  it("shows whole grams from 10 g: 200 g of flour for 4 is 400 g for 8", () => {
    expect(formatGrams(400)).toBe("400 g");
    expect(formatGrams(133.333)).toBe("133 g");
    expect(formatGrams(10)).toBe("10 g");
  });

  it("keeps one decimal below 10 g, so a scaled pinch is not 0 g", () => {
    expect(formatGrams(0.5)).toBe("0.5 g");
    expect(formatGrams(2.25)).toBe("2.3 g");
    expect(formatGrams(0)).toBe("0 g");
  });

  it("switches to kilograms at 1000 g, without a jump at 999.6", () => {
    expect(formatGrams(1000)).toBe("1 kg");
    expect(formatGrams(1250)).toBe("1.25 kg");
    expect(formatGrams(999.6)).toBe("1 kg");
    expect(formatGrams(999.4)).toBe("999 g");
  });
});

describe("formatServings", () => {
  it.each([
    [1, "1 serving"],
    [2, "2 servings"],
    [8, "8 servings"],
  ])("%i → %s", (n, text) => {
    expect(formatServings(n)).toBe(text);
  });
});

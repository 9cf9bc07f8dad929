/**
 * Temperatures in a recipe's steps in °C or °F (core/amount/temperature.ts; CONTRACT.md "languages
 * and units").
 */
import { describe, expect, it } from "vitest";
import { convertDegrees, convertTemperatures } from "../../../core/amount/temperature.ts";

describe("convertTemperatures", () => {
  it.each([
    ["Bake at 350°F for 20 minutes.", "Bake at 180 °C for 20 minutes."],
    ["Preheat the oven to 350 F.", "Preheat the oven to 180 °C."],
    ["Heat to 375 degrees F.", "Heat to 190 °C."],
    ["Heat to 425 degrees Fahrenheit.", "Heat to 220 °C."],
    ["Roast at Gas Mark 4.", "Roast at 180 °C."],
    ["Gas 6, then gas mark 1/2", "200 °C, then 120 °C"],
    ["Bake at 400–425 °F", "Bake at 200–220 °C"],
    ["Bake 20 to 25 minutes at 375 °F", "Bake 20 to 25 minutes at 190 °C"],
    // already °C, and what is no temperature: as written
    ["Bei 180 °C backen", "Bei 180 °C backen"],
    ["Add 2 F of something", "Add 2 F of something"],
    // below boiling, to the degree
    ["Cook in a water bath at 135 °F.", "Cook in a water bath at 57 °C."],
  ])("metric: %s", (text, expected) => {
    expect(convertTemperatures(text, "metric")).toBe(expected);
  });

  it.each([
    ["Bake at 180°C for 20 minutes.", "Bake at 350 °F for 20 minutes."],
    ["Bake at 180C.", "Bake at 350 °F."],
    ["Bei 180–200 °C backen", "Bei 350–400 °F backen"],
    ["Ofen auf 200 Grad vorheizen", "Ofen auf 400 °F vorheizen"],
    ["Cuire à 220 degrés", "Cuire à 425 °F"],
    ["Bake at 160 ºC", "Bake at 325 °F"],
    ["Gas Mark 4", "350 °F"],
    ["Heat to 350 °F.", "Heat to 350 °F."],
    ["Add 2 C flour", "Add 2 C flour"],
    ["Proof at 35 °C.", "Proof at 95 °F."],
  ])("us: %s", (text, expected) => {
    expect(convertTemperatures(text, "us")).toBe(expected);
  });
});

describe("convertDegrees", () => {
  it("rounds as ovens are marked", () => {
    expect([300, 325, 350, 375, 400, 425, 450, 475].map((f) => convertDegrees(f, "F"))).toEqual([
      150, 160, 180, 190, 200, 220, 230, 250,
    ]);
    expect([150, 160, 180, 190, 200, 220, 230, 250].map((c) => convertDegrees(c, "C"))).toEqual([
      300, 325, 350, 375, 400, 425, 450, 475,
    ]);
  });
});

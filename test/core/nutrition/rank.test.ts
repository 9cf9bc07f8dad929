/** The ranking of SR28 descriptions for an English food name (core/nutrition/rank.ts), on made-up lists. */
import { describe, expect, it } from "vitest";
import { bestFood, searchStems, singular } from "../../../core/nutrition/rank.ts";

const foods = (...names: string[]) => names.map((name, i) => ({ id: 900 + i, name }));

describe("bestFood", () => {
  it("prefers raw over cooked, boiled, fried or canned", () => {
    const list = foods("BEETS,CKD,BLD,DRND", "BEETS,CND,DRND SOL", "BEETS,RAW", "BEETS,FRIED");
    expect(bestFood(list, "beet")?.name).toBe("BEETS,RAW");
    expect(bestFood(list, "beets")?.name).toBe("BEETS,RAW");
  });

  it("prefers plain over branded, with something added, or made from a recipe", () => {
    const list = foods("KALE,W/ BUTTER,ACME BRAND", "KALE,PREP FROM RECIPE", "KALE,RAW", "KALE CHIPS,RAW");
    expect(bestFood(list, "kale")?.name).toBe("KALE,RAW");
  });

  it("reads the table's abbreviations and wants the head noun in the first segment", () => {
    const list = foods("SPELT,WHL,RAW", "SPELT FLR,WHL", "FLOUR BEETLE SNACK,FRIED");
    expect(bestFood(list, "spelt flour")?.name).toBe("SPELT FLR,WHL");
    expect(bestFood(foods("GARLIC BREAD,FRZ", "GARLIC,RAW"), "garlic")?.name).toBe("GARLIC,RAW");
    expect(bestFood(foods("SPICES,NUTMEG,GROUND"), "nutmeg")?.name).toBe("SPICES,NUTMEG,GROUND");
  });

  it("takes the name's other words into account, and says the cooked food when the name does", () => {
    const list = foods("SUGARS,GRANULATED", "SUGARS,BROWN", "SUGARS,POWDERED");
    expect(bestFood(list, "brown sugar")?.name).toBe("SUGARS,BROWN");
    expect(bestFood(foods("RICE,WHITE,RAW", "RICE,WHITE,CKD"), "cooked rice")?.name).toBe("RICE,WHITE,CKD");
    // A name none of whose other words any description has is not matched to the head alone.
    expect(bestFood(foods("SOY FLOUR,RAW"), "coconut flour")).toBeUndefined();
    expect(bestFood(foods("CARROTS,RAW"), "onion")).toBeUndefined();
  });
});

describe("the helpers", () => {
  it("reads words singular and gives the prefilter's stems", () => {
    expect(["tomatoes", "berries", "peaches", "eggs", "hummus"].map(singular)).toEqual([
      "tomato",
      "berry",
      "peach",
      "egg",
      "hummus",
    ]);
    expect(searchStems("Flour")).toEqual(["flour", "flr"]);
  });
});

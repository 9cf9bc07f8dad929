import { describe, expect, it } from "vitest";
import { nameKey, rankMatches, sameName, searchStem } from "./ingredient-search.ts";

describe("finding an ingredient by what is typed", () => {
  it("asks the API for a stem both the singular and the plural start with", () => {
    expect(searchStem("eggs")).toBe("egg");
    expect(searchStem("Egg")).toBe("egg");
    expect(searchStem("berries")).toBe("berr");
    expect(searchStem("berry")).toBe("berr");
    expect(searchStem("tomatoes")).toBe("tomato");
    expect(searchStem("peaches")).toBe("peach");
    expect(searchStem("lent")).toBe("lent");
    expect(searchStem("glass")).toBe("glass");
    expect(searchStem("couscous")).toBe("couscous");
    expect(searchStem("oil")).toBe("oil");
  });

  it("takes names as the same ignoring case and plural", () => {
    expect(sameName("Egg", "eggs")).toBe(true);
    expect(sameName("Tomatoes", "tomato")).toBe(true);
    expect(sameName("Berries", "berry")).toBe(true);
    expect(sameName("Brown  sugar", "brown sugars")).toBe(true);
    expect(sameName("Lentils", "lent")).toBe(false);
    expect(nameKey(" Peaches ")).toBe("peach");
  });

  it("offers the same name first, then names that start with the text, then the rest", () => {
    const names = ["Bell pepper", "Eggplant", "Eggs", "Peppers"].map((name) => ({ name }));
    expect(rankMatches(names, "egg").map((i) => i.name)).toEqual([
      "Eggs",
      "Eggplant",
      "Bell pepper",
      "Peppers",
    ]);
    expect(rankMatches(names, "pepper").map((i) => i.name)).toEqual([
      "Peppers",
      "Bell pepper",
      "Eggplant",
      "Eggs",
    ]);
  });
});

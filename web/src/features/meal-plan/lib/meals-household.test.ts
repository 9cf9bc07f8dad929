import { describe, expect, it } from "vitest";
import { mealsHousehold } from "./meals-household.ts";

const meal = (date: string, household_id: number | null) => ({ date, household_id });

describe("mealsHousehold", () => {
  it("is the household the page shows, whatever the meals", () => {
    expect(mealsHousehold([], "2026-03-02", "2026-03-08", 3)).toBe(3);
    expect(mealsHousehold([meal("2026-03-02", 4)], "2026-03-02", "2026-03-08", 3)).toBe(3);
  });

  it("is the one household among the days' meals, private ones beside it or not", () => {
    const week = [meal("2026-03-02", null), meal("2026-03-03", 3), meal("2026-03-05", 3)];
    expect(mealsHousehold(week, "2026-03-02", "2026-03-08")).toBe(3);
  });

  it("counts only the meals of the chosen days", () => {
    const week = [meal("2026-03-02", 4), meal("2026-03-03", 3), meal("2026-03-08", 4)];
    expect(mealsHousehold(week, "2026-03-03", "2026-03-07")).toBe(3);
    expect(mealsHousehold(week, "2026-03-04", "2026-03-07")).toBeNull(); // no meal at all
  });

  it("is private for one's own meals only, and for meals of several households", () => {
    expect(mealsHousehold([meal("2026-03-02", null)], "2026-03-02", "2026-03-08")).toBeNull();
    const mixed = [meal("2026-03-02", 3), meal("2026-03-04", 4)];
    expect(mealsHousehold(mixed, "2026-03-02", "2026-03-08")).toBeNull();
  });
});

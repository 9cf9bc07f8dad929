import { describe, expect, it } from "vitest";
import { daysTitle, firstDayToShop } from "./days.ts";

const WEEK = [
  "2026-03-02",
  "2026-03-03",
  "2026-03-04",
  "2026-03-05",
  "2026-03-06",
  "2026-03-07",
  "2026-03-08",
];

describe("firstDayToShop", () => {
  it("starts today in this week, on Monday in a week to come, and on Monday in a past week", () => {
    expect(firstDayToShop(WEEK, "2026-03-04")).toBe(2);
    expect(firstDayToShop(WEEK, "2026-03-08")).toBe(6);
    expect(firstDayToShop(WEEK, "2026-02-20")).toBe(0);
    expect(firstDayToShop(WEEK, "2026-03-20")).toBe(0);
  });
});

describe("daysTitle", () => {
  it("names the days, the month once when it is one, the year only when it is not this one", () => {
    expect(daysTitle("2026-03-02", "2026-03-08", "2026")).toBe("Mon 2 – Sun 8 March");
    expect(daysTitle("2026-03-04", "2026-03-04", "2026")).toBe("Wed 4 March");
    expect(daysTitle("2026-02-27", "2026-03-05", "2026")).toBe("Fri 27 February – Thu 5 March");
    expect(daysTitle("2030-03-04", "2030-03-10", "2026")).toBe("Mon 4 – Sun 10 March 2030");
    expect(daysTitle("2026-12-28", "2027-01-03", "2026")).toBe("Mon 28 December 2026 – Sun 3 January 2027");
  });
});

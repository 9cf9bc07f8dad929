import { describe, expect, it } from "vitest";
import { addDays, dayName, formatMoment, isoDay, mondayOf, today, weekDays, weekTitle } from "./dates.ts";

describe("weeks run Monday to Sunday", () => {
  it("finds the Monday of any day, across months and years", () => {
    expect(mondayOf("2030-03-04")).toBe("2030-03-04"); // a Monday
    expect(mondayOf("2030-03-10")).toBe("2030-03-04"); // its Sunday
    expect(mondayOf("2027-01-01")).toBe("2026-12-28");
    expect(mondayOf("2026-03-29")).toBe("2026-03-23"); // the day summer time starts in Europe
  });

  it("lists the seven days and counts across a leap day", () => {
    expect(weekDays("2028-02-28")).toEqual([
      "2028-02-28",
      "2028-02-29",
      "2028-03-01",
      "2028-03-02",
      "2028-03-03",
      "2028-03-04",
      "2028-03-05",
    ]);
    expect(addDays("2030-03-04", -7)).toBe("2030-02-25");
  });

  it("names days and weeks the way a person reads them", () => {
    expect(dayName("2030-03-04")).toBe("Monday 4 March");
    expect(weekTitle("2030-03-04")).toBe("4–10 March 2030");
    expect(weekTitle("2030-02-25")).toBe("25 February – 3 March 2030");
    expect(weekTitle("2029-12-31")).toBe("31 December 2029 – 6 January 2030");
  });
});

it("isoDay takes real calendar days only", () => {
  expect(isoDay("2028-02-29")).toBe("2028-02-29");
  expect(isoDay("2027-02-29")).toBeUndefined();
  expect(isoDay("2030-3-4")).toBeUndefined();
  expect(isoDay(20300304)).toBeUndefined();
});

it("today is the local calendar day", () => {
  expect(today(new Date(2030, 2, 4, 23, 59))).toBe("2030-03-04");
});

describe("formatMoment", () => {
  const now = new Date("2026-12-01T10:00:00Z");
  it("is the time alone today, the day and the time on another day", () => {
    expect(formatMoment("2026-12-01T15:32:00Z", now, "UTC")).toBe("15:32");
    expect(formatMoment("2026-12-08T15:32:00Z", now, "UTC")).toBe("Tuesday 8 December at 15:32");
    expect(formatMoment("2027-12-01T15:32:00Z", now, "UTC")).toBe("Wednesday 1 December at 15:32");
  });
  it("counts days in the person's time zone", () => {
    // 23:30 UTC is already the next day in Berlin.
    expect(formatMoment("2026-12-01T23:30:00Z", now, "Europe/Berlin")).toBe("Wednesday 2 December at 00:30");
  });
});

import { describe, expect, it } from "vitest";
import { fromSeconds, isWholeOrEmpty, toSeconds } from "./time.ts";

describe("time entry in hours and minutes", () => {
  it("turns the two fields into seconds, and both empty into 'not given'", () => {
    expect(toSeconds({ hours: "1", minutes: "30" })).toBe(5400);
    expect(toSeconds({ hours: "", minutes: "45" })).toBe(2700);
    expect(toSeconds({ hours: "2", minutes: "" })).toBe(7200);
    expect(toSeconds({ hours: " 0 ", minutes: "0" })).toBe(0);
    expect(toSeconds({ hours: "", minutes: "  " })).toBeNull();
  });

  it("takes minutes over 59 as they are (90 min is 1 h 30)", () => {
    expect(toSeconds({ hours: "", minutes: "90" })).toBe(5400);
  });

  it("splits stored seconds back into hours and minutes", () => {
    expect(fromSeconds(5400)).toEqual({ hours: "1", minutes: "30" });
    expect(fromSeconds(2700)).toEqual({ hours: "", minutes: "45" });
    expect(fromSeconds(7200)).toEqual({ hours: "2", minutes: "" });
    expect(fromSeconds(0)).toEqual({ hours: "", minutes: "0" });
    expect(fromSeconds(null)).toEqual({ hours: "", minutes: "" });
    expect(fromSeconds(undefined)).toEqual({ hours: "", minutes: "" });
  });

  it("rounds seconds that are not whole minutes up, so a round trip never shortens a time", () => {
    expect(fromSeconds(61)).toEqual({ hours: "", minutes: "2" });
    expect(toSeconds(fromSeconds(3599))).toBe(3600);
  });

  it("accepts only whole numbers or nothing", () => {
    for (const ok of ["", " ", "0", "12", " 7 "]) expect(isWholeOrEmpty(ok), ok).toBe(true);
    for (const bad of ["-1", "1.5", "1,5", "abc", "1e3"]) expect(isWholeOrEmpty(bad), bad).toBe(false);
  });
});

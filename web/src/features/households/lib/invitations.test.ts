import { describe, expect, it } from "vitest";
import { codeFromInput, formatDate, groupCode, householdIdIn, joinLink, retryAt } from "./invitations.ts";

const CODE = "q1W-e_R2tY3uI4oP5aS6dF"; // 22 base64url characters, as the API makes them

describe("joinLink", () => {
  it("is the app's origin and /join/<code>", () => {
    expect(joinLink("https://recipes.example", CODE)).toBe(`https://recipes.example/join/${CODE}`);
    expect(joinLink("http://localhost:5173/", CODE)).toBe(`http://localhost:5173/join/${CODE}`);
  });
});

describe("groupCode", () => {
  it("cuts the code into groups of four to read out, the rest last", () => {
    expect(groupCode(CODE)).toBe("q1W- e_R2 tY3u I4oP 5aS6 dF");
    expect(groupCode("")).toBe("");
  });
});

describe("codeFromInput", () => {
  it("takes the code as typed, as read out with spaces, or inside the link that was sent", () => {
    expect(codeFromInput(`  ${CODE} `)).toBe(CODE);
    expect(codeFromInput(groupCode(CODE))).toBe(CODE);
    expect(codeFromInput(`https://recipes.example/join/${CODE}`)).toBe(CODE);
    expect(codeFromInput(`Join us: https://recipes.example/join/${CODE}?utm=chat#x`)).toBe(CODE);
    expect(codeFromInput("http://localhost/join/a%2Bb")).toBe("a+b");
    expect(codeFromInput("http://localhost/join/50%")).toBe("50%");
    expect(codeFromInput("   ")).toBe("");
  });
});

describe("retryAt", () => {
  const now = Date.parse("2026-12-01T15:00:00Z");
  it("reads Retry-After in seconds or as a date", () => {
    expect(retryAt("120", "", now)).toBe(now + 120_000);
    expect(retryAt("Tue, 01 Dec 2026 15:14:00 GMT", "", now)).toBe(Date.parse("2026-12-01T15:14:00Z"));
  });
  it("falls back on the seconds the API's sentence names, else nothing", () => {
    expect(retryAt(null, "Too many failed joins. Try again in 840 seconds.", now)).toBe(now + 840_000);
    expect(retryAt("soon", "Too many failed joins. Try again in 1 second.", now)).toBe(now + 1000);
    expect(retryAt(null, "Too many failed joins.", now)).toBeNull();
  });
});

describe("householdIdIn", () => {
  it("finds the household a 409 names", () => {
    expect(householdIdIn("User ID 5 is already a member of household ID 3.")).toBe(3);
    expect(householdIdIn("Something else.")).toBeNull();
  });
});

describe("formatDate", () => {
  it("writes the day of a moment in the person's time zone", () => {
    expect(formatDate("2026-12-01T15:32:00Z", "UTC")).toBe("1 December 2026");
    expect(formatDate("2026-12-01T23:30:00Z", "Europe/Berlin")).toBe("2 December 2026");
  });
});

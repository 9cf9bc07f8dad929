/**
 * The iCalendar writer (core/calendar/ics.ts) at its edges: folding at exactly 75 octets, never inside
 * a character's UTF-8 octets, and TEXT escaping, each read back by ical.js (a maintained RFC 5545 parser).
 */
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { calendar, component, fold, nextDay, text, utcDateTime } from "../../../core/calendar/ics.ts";

const octets = (line: string) => Buffer.byteLength(line, "utf8");

/** A calendar of one event with this SUMMARY value (already escaped), and what ical.js reads back. */
function summaryRoundTrip(value: string) {
  const ics = calendar(
    [
      ["VERSION", "2.0"],
      ["PRODID", "-//test//test//EN"],
    ],
    [
      component("VEVENT", [
        ["UID", "1@test"],
        ["DTSTAMP", "20261201T000000Z"],
        ["DTSTART;VALUE=DATE", "20261201"],
        ["SUMMARY", value],
      ]),
    ],
  );
  const event = new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent("vevent");
  return { ics, summary: event?.getFirstPropertyValue("summary") };
}

describe("fold", () => {
  it("leaves a line of 75 octets whole and folds one of 76", () => {
    expect(fold("A".repeat(75))).toBe("A".repeat(75));
    expect(fold("A".repeat(76))).toBe(`${"A".repeat(75)}\r\n A`);
  });

  it("gives continuation lines 74 octets after their space", () => {
    const lines = fold("B".repeat(75 + 74 + 10)).split("\r\n");
    expect(lines.map(octets)).toEqual([75, 75, 11]);
  });

  it.each(["ä", "€", "🍝"])("never cuts %s's UTF-8 octets, and ical.js reads it back whole", (character) => {
    const value = `SUMMARY:${character.repeat(60)}`;
    const folded = fold(value);
    for (const line of folded.split("\r\n")) expect(octets(line)).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, "")).toBe(value);
    expect(summaryRoundTrip(text(character.repeat(60))).summary).toBe(character.repeat(60));
  });
});

describe("text", () => {
  it("escapes backslash, semicolon, comma and line breaks, drops control characters", () => {
    expect(text("a\\b;c,d\ne\r\nf\u0007g\th")).toBe("a\\\\b\\;c\\,d\\ne\\nfg\th");
  });

  it("reads back as written through ical.js", () => {
    const title = 'Pasta, "al forno"; 1\\2 with\nnotes';
    expect(summaryRoundTrip(text(title)).summary).toBe(title);
  });
});

describe("dates", () => {
  it("writes UTC times in the basic format and finds the next day across months and years", () => {
    expect(utcDateTime(new Date("2026-12-01T08:15:30.123Z"))).toBe("20261201T081530Z");
    expect(nextDay("2026-12-31")).toBe("2027-01-01");
    expect(nextDay("2028-02-28")).toBe("2028-02-29");
  });

  it("a calendar ends with CRLF and holds no bare line feed", () => {
    const { ics } = summaryRoundTrip("x");
    expect(ics.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(ics.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
  });
});

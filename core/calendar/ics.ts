/**
 * Writing iCalendar (RFC 5545) text: content lines ended by CRLF and folded at 75 octets (never
 * inside a UTF-8 sequence), TEXT values escaped, dates and UTC times in its basic format. Pure
 * functions; what goes in a meal plan's feed is ./feed.ts's business.
 */

/** A property: its name with any parameters (`DTSTART;VALUE=DATE`) and its value as already written. */
export type Property = readonly [name: string, value: string];

/** The longest a content line may be, in octets, without its CRLF (RFC 5545, 3.1). */
const MAX_OCTETS = 75;

/**
 * A TEXT value (RFC 5545, 3.3.11): backslash, semicolon and comma escaped, a line break as `\n`,
 * other control characters (which TEXT may not hold) dropped.
 */
export const text = (value: string): string =>
  value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n")
    // biome-ignore lint/suspicious/noControlCharactersInRegex: TEXT may hold no control character but HTAB
    .replace(/[\u0000-\u0008\u000a-\u001f\u007f]/g, "");

/** A DATE value: `2026-12-01` → `20261201`. */
export const date = (isoDate: string): string => isoDate.replace(/-/g, "");

/** A DATE-TIME value in UTC: `20261201T081500Z`. */
export const utcDateTime = (at: Date): string =>
  at
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replace(/[-:]/g, "");

/** The day after an ISO date (an all-day event's DTEND is the day after it, RFC 5545, 3.6.1). */
export function nextDay(isoDate: string): string {
  const day = new Date(`${isoDate}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

/**
 * One content line, folded (RFC 5545, 3.1): at most 75 octets a line, each continuation line
 * starting with one space; a line is never cut inside a character's UTF-8 octets.
 */
export function fold(line: string): string {
  const parts: string[] = [];
  let part = "";
  let octets = 0;
  for (const character of line) {
    const size = Buffer.byteLength(character, "utf8");
    // Continuation lines give one octet to their leading space.
    const room = parts.length === 0 ? MAX_OCTETS : MAX_OCTETS - 1;
    if (octets + size > room) {
      parts.push(part);
      part = "";
      octets = 0;
    }
    part += character;
    octets += size;
  }
  parts.push(part);
  return parts.join("\r\n ");
}

/** A component (`VEVENT`…) as content lines, its properties in order, then its own components. */
export function component(
  name: string,
  properties: readonly Property[],
  children: readonly string[] = [],
): string {
  const lines = [`BEGIN:${name}`, ...properties.map(([key, value]) => fold(`${key}:${value}`))];
  return [...lines, ...children, `END:${name}`].join("\r\n");
}

/** An iCalendar object: the VCALENDAR component and its CRLF ending. */
export const calendar = (properties: readonly Property[], children: readonly string[]): string =>
  `${component("VCALENDAR", properties, children)}\r\n`;

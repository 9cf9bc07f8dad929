/**
 * Invitations as people pass them on: a link to send (`<origin>/join/<code>`) and the code to read
 * out, grouped so it can be read in breaths; and what comes back, typed or pasted, turned into the
 * code again. Also the sentences around a join that the API's answer leaves to the app: when to try
 * again after too many attempts, and which household a 409 is about.
 */
import { dateLocale } from "../../../lib/dates.ts";

/** The address that opens the join page for a code. */
export const joinLink = (origin: string, code: string): string =>
  `${origin.replace(/\/+$/, "")}/join/${encodeURIComponent(code)}`;

/** The code in groups of four for reading out: "AbCd EfGh IjKl MnOp QrSt Uv". */
export const groupCode = (code: string, size = 4): string =>
  (code.match(new RegExp(`.{1,${size}}`, "g")) ?? []).join(" ");

/**
 * The code in what a person typed or pasted: the code itself, the code as read out (with spaces), or
 * the whole link someone sent (`https://…/join/<code>`, even with a query or a fragment).
 */
export function codeFromInput(input: string): string {
  let text = input.trim();
  const at = text.lastIndexOf("/join/");
  if (at >= 0) {
    text = text.slice(at + "/join/".length).split(/[?#/]/)[0] ?? "";
    try {
      text = decodeURIComponent(text);
    } catch {
      // a stray % is part of what was typed: the API will say the code is not valid
    }
  }
  return text.replace(/\s+/g, "");
}

/**
 * When a join may be tried again after a 429: the `Retry-After` header (seconds, or an HTTP date),
 * else the seconds the API's sentence names ("Try again in 840 seconds."). A time in ms, or null.
 */
export function retryAt(header: string | null, detail: string, now = Date.now()): number | null {
  if (header) {
    const trimmed = header.trim();
    if (/^\d+$/.test(trimmed)) return now + Number(trimmed) * 1000;
    const date = Date.parse(trimmed);
    if (!Number.isNaN(date)) return date;
  }
  const said = /in (\d+) seconds?/i.exec(detail);
  return said ? now + Number(said[1]) * 1000 : null;
}

/** The household a 409 "User ID 5 is already a member of household ID 3." names, or null. */
export function householdIdIn(detail: string): number | null {
  const match = /household ID (\d+)/i.exec(detail);
  return match ? Number(match[1]) : null;
}

/**
 * "2 December 2026" ("2. Dezember 2026"): the day of a moment in the person's time zone and language
 * (members' "Joined …" style).
 */
export const formatDate = (at: number | string, timeZone?: string): string =>
  new Intl.DateTimeFormat(dateLocale(), {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone,
  }).format(new Date(at));

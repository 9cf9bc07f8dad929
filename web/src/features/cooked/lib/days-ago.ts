/**
 * "3 days ago", "yesterday", "2 weeks ago", "last month": how long ago a day was, in the active
 * language (Intl.RelativeTimeFormat), counted in whole calendar days as the API's dates are.
 */
import { dateLocale, today } from "../../../lib/dates.ts";
import { toUtc } from "../../../lib/iso-day.ts";

const DAY = 86_400_000;

export function daysAgo(day: string, now = today()): string {
  const days = Math.round((toUtc(now) - toUtc(day)) / DAY);
  const format = new Intl.RelativeTimeFormat(dateLocale(), { numeric: "auto" });
  const size = Math.abs(days);
  if (size < 14) return format.format(-days, "day");
  if (size < 60) return format.format(-Math.round(days / 7), "week");
  if (size < 730) return format.format(-Math.round(days / 30.44), "month");
  return format.format(-Math.round(days / 365.25), "year");
}

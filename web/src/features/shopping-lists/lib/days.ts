/** The days "Shop for these days" offers: where the choice starts, and the name of a new list. */
import { formatDay } from "../../../lib/dates.ts";

/** The first of `days` (YYYY-MM-DD, in order) that is not before `today`; the first of all when every one is. */
export function firstDayToShop(days: string[], today: string): number {
  const index = days.findIndex((day) => day >= today);
  return index === -1 ? 0 : index;
}

const day = (iso: string) => formatDay(iso, { weekday: "short", day: "numeric" }); // "Mon 2"
const month = (iso: string) => formatDay(iso, { month: "long" });

/**
 * "Mon 2 – Sun 8 March", "Fri 27 February – Thu 5 March", "Mon 2 March": the days a list shops for,
 * with the year when it is not `thisYear` (both years when the days cross one).
 */
export function daysTitle(first: string, last: string, thisYear: string): string {
  const year = (iso: string) => iso.slice(0, 4);
  const end = `${day(last)} ${month(last)}${year(last) === thisYear && year(first) === year(last) ? "" : ` ${year(last)}`}`;
  if (first === last) return end;
  if (year(first) !== year(last)) return `${day(first)} ${month(first)} ${year(first)} – ${end}`;
  if (first.slice(0, 7) === last.slice(0, 7)) return `${day(first)} – ${end}`;
  return `${day(first)} ${month(first)} – ${end}`;
}

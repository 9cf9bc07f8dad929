/**
 * Days as the API writes them (`YYYY-MM-DD`), counted in UTC so that no time zone or summer-time
 * change ever shifts a day. Apart from dates.ts because the route table checks a `?week=` with
 * `isoDay`: only this much of the dates is in the first page's code.
 */

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export const toUtc = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
export const fromUtc = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A real calendar day in the API's form, or undefined (2026-02-30 is not one). */
export function isoDay(value: unknown): string | undefined {
  if (typeof value !== "string" || !ISO_DATE.test(value)) return undefined;
  const ms = toUtc(value);
  return Number.isNaN(ms) || fromUtc(ms) !== value ? undefined : value;
}

/**
 * Days as the API writes them (`YYYY-MM-DD`), counted in UTC so that no time zone or summer-time
 * change ever shifts a day; "today" is the person's own calendar day. Weeks run Monday to Sunday.
 * Days and times are written in the active language (English as in Britain: "Monday 23 November").
 */
import { currentLanguage, t } from "../i18n/runtime.ts";
import { fromUtc, isoDay, toUtc } from "./iso-day.ts";

export { isoDay };

const DAY = 86_400_000;

/** The person's calendar day, e.g. 2026-11-24. */
export function today(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export const addDays = (iso: string, days: number): string => fromUtc(toUtc(iso) + days * DAY);

/** The Monday of the week a day is in (weeks run Monday to Sunday). */
export function mondayOf(iso: string): string {
  const weekday = (new Date(toUtc(iso)).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return addDays(iso, -weekday);
}

/** The seven days of the week that starts on `monday`. */
export const weekDays = (monday: string): string[] => Array.from({ length: 7 }, (_, i) => addDays(monday, i));

/** The locale dates are written in: the active language, English as in Britain (day before month). */
export const dateLocale = (): string => {
  const language = currentLanguage();
  return language === "en" ? "en-GB" : language;
};

/** A day in the active language (`{ day: "numeric", month: "long" }` → "23 November", "23. November"). */
export const formatDay = (iso: string, options: Intl.DateTimeFormatOptions): string =>
  new Intl.DateTimeFormat(dateLocale(), { ...options, timeZone: "UTC" }).format(new Date(toUtc(iso)));

/** "Monday 23 November" (or with `short`, "Mon 23 Nov"). */
export function dayName(iso: string, short = false): string {
  return formatDay(iso, {
    weekday: short ? "short" : "long",
    day: "numeric",
    month: short ? "short" : "long",
  });
}

/** "23–29 November 2026", "30 November – 6 December 2026", for a week's heading. */
export function weekTitle(monday: string): string {
  const sunday = addDays(monday, 6);
  const end = formatDay(sunday, { day: "numeric", month: "long", year: "numeric" });
  const sameMonth = monday.slice(0, 7) === sunday.slice(0, 7);
  const sameYear = monday.slice(0, 4) === sunday.slice(0, 4);
  const start = formatDay(
    monday,
    sameMonth
      ? { day: "numeric" }
      : sameYear
        ? { day: "numeric", month: "long" }
        : { day: "numeric", month: "long", year: "numeric" },
  );
  return sameMonth ? `${start}–${end}` : `${start} – ${end}`;
}

/** "15:32" today, or "Tuesday 10 December at 15:32" on another day, in the person's time zone. */
export function formatMoment(at: number | string, now = new Date(), timeZone?: string): string {
  const date = new Date(at);
  const locale = dateLocale();
  const time = new Intl.DateTimeFormat(locale, { hour: "2-digit", minute: "2-digit", timeZone }).format(date);
  const day = (d: Date, year?: "numeric") =>
    new Intl.DateTimeFormat(locale, {
      weekday: "long",
      day: "numeric",
      month: "long",
      year,
      timeZone,
    }).format(d);
  return day(date, "numeric") === day(now, "numeric") ? time : t("lib.momentOnDay", { day: day(date), time });
}

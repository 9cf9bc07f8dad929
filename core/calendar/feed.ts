/**
 * A meal plan as an iCalendar feed (RFC 5545): each entry an all-day event on its day, titled with
 * its recipe and linking to the recipe's page in the web app (FRONTEND_URL/recipes/<id>). Pure: the
 * same entries give the same text, byte for byte, so its hash is the feed's ETag.
 *
 * - UID `meal-plan-entry-<id>@<the app's host>`: the same entry keeps its event when it is moved or
 *   changed; DTSTAMP and LAST-MODIFIED are when the entry or its recipe last changed (no METHOD, so
 *   DTSTAMP is the last revision, RFC 5545 3.8.7.2), CREATED when it was planned.
 * - DTSTART;VALUE=DATE the day, DTEND the next day; TRANSP:TRANSPARENT (a meal does not make anyone
 *   busy). DESCRIPTION: the meal, the servings, the note, the recipe's address; CATEGORIES the meal.
 */

import { calendar, component, date, nextDay, type Property, text, utcDateTime } from "./ics.ts";
import type { FeedEntry } from "./repository.ts";

const MEAL_NAMES = { breakfast: "Breakfast", lunch: "Lunch", dinner: "Dinner", snack: "Snack" } as const;

/** How often a calendar app should read the feed again, where it reads the hint (RFC 7986 and Outlook's). */
const REFRESH = "PT1H";

export type FeedOptions = {
  /** The web app's address (FRONTEND_URL, without a trailing slash). */
  appUrl: string;
  /** The calendar's name: `Meal plan`, or `Meal plan: <household>`. */
  name: string;
};

function event(entry: FeedEntry, appUrl: string, host: string): string {
  const recipeUrl = `${appUrl}/recipes/${entry.recipe_id}`;
  const meal = MEAL_NAMES[entry.meal];
  const servings =
    entry.servings === null ? [] : [`${entry.servings} serving${entry.servings === 1 ? "" : "s"}`];
  const description = [[meal, ...servings].join(" · "), entry.note, recipeUrl].filter(Boolean).join("\n");
  const changed = utcDateTime(entry.changed_at);
  const properties: Property[] = [
    ["UID", `meal-plan-entry-${entry.id}@${host}`],
    ["DTSTAMP", changed],
    ["CREATED", utcDateTime(entry.created_at)],
    ["LAST-MODIFIED", changed],
    ["DTSTART;VALUE=DATE", date(entry.date)],
    ["DTEND;VALUE=DATE", date(nextDay(entry.date))],
    ["SUMMARY", text(entry.title)],
    ["DESCRIPTION", text(description)],
    ["URL;VALUE=URI", recipeUrl],
    ["CATEGORIES", text(meal)],
    ["TRANSP", "TRANSPARENT"],
  ];
  return component("VEVENT", properties);
}

/** The feed of these entries (in the order given) as iCalendar text, CRLF line ends. */
export function mealPlanCalendar(entries: readonly FeedEntry[], options: FeedOptions): string {
  const host = new URL(options.appUrl).host;
  return calendar(
    [
      ["VERSION", "2.0"],
      ["PRODID", "-//Recipe service//Meal plan//EN"],
      ["CALSCALE", "GREGORIAN"],
      ["NAME", text(options.name)],
      ["X-WR-CALNAME", text(options.name)],
      ["REFRESH-INTERVAL;VALUE=DURATION", REFRESH],
      ["X-PUBLISHED-TTL", REFRESH],
    ],
    entries.map((entry) => event(entry, options.appUrl, host)),
  );
}

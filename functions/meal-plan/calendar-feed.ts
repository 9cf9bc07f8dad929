import * as z from "zod/mini";
import { CalendarFeedQuery } from "../../core/calendar/schemas.ts";
import { DAYS_AHEAD, DAYS_BACK, FEED_LIMIT, readCalendarFeed } from "../../core/calendar/service.ts";
import { getDb } from "../../core/db.ts";
import { endpoint } from "../lib/endpoint.ts";

const CALENDAR_MEDIA_TYPE = "text/calendar";
/** Calendar apps read again as they like; a shared cache must never keep a secret address's answer. */
const CACHING = { "cache-control": "private, no-cache" };

export const handler = endpoint("meal-plan/calendar-feed", {
  summary: "The meal plan as an iCalendar feed",
  description:
    "What a calendar link shows (RFC 5545, `text/calendar; charset=utf-8`), read without a token: " +
    "the secret `key` of the link's address is the key. The entries from " +
    `${DAYS_BACK} days back to ${DAYS_AHEAD} days ahead (UTC), each an all-day event on its day titled ` +
    "with its recipe and linking to the recipe in the web app. `ETag` on every answer; `If-None-Match` " +
    "with it is a 304. An unknown or revoked key is a 404 (and a household link whose creator left " +
    "the household); unknown keys count against the client's network like unknown API tokens, and " +
    `each link may be read ${FEED_LIMIT.max} times an hour: 429 with Retry-After.`,
  query: CalendarFeedQuery,
  response: {
    status: 200,
    schema: z.string(),
    mediaType: CALENDAR_MEDIA_TYPE,
    description: "The feed.",
  },
  also: [{ status: 304, description: "Not modified: the feed is the one `If-None-Match` names." }],
  errors: ["not_found", "too_many_requests"],
  handle: async ({ query, clientAddress, header }) => {
    const answer = await readCalendarFeed(getDb(), query.key, {
      clientAddress,
      ifNoneMatch: header("if-none-match"),
    });
    const headers = { ...CACHING, etag: answer.etag };
    if (answer.notModified) return { status: 304 as const, headers };
    return {
      status: 200 as const,
      body: answer.body,
      headers: { ...headers, "content-type": `${CALENDAR_MEDIA_TYPE}; charset=utf-8` },
    };
  },
});

import { CalendarLinkList } from "../../core/calendar/schemas.ts";
import { listCalendarLinks } from "../../core/calendar/service.ts";
import { getDb } from "../../core/db.ts";
import { endpoint, ok } from "../lib/endpoint.ts";

export const handler = endpoint("meal-plan/calendar-links-list", {
  summary: "My calendar addresses",
  description:
    "The caller's calendar links, newest first: which plan each shows and when a calendar last read " +
    "it, never the addresses (their secrets are stored as hashes; make a new link to see one again).",
  response: { status: 200, schema: CalendarLinkList, description: "The links." },
  errors: [],
  handle: async ({ caller }) => ok(await listCalendarLinks(getDb(), caller)),
});

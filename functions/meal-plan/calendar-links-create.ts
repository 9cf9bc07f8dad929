import { CalendarLinkCreate, CalendarLinkCreated } from "../../core/calendar/schemas.ts";
import { createCalendarLink } from "../../core/calendar/service.ts";
import { getDb } from "../../core/db.ts";
import { created, endpoint } from "../lib/endpoint.ts";
import { API_PREFIX } from "../lib/route-types.ts";

export const handler = endpoint("meal-plan/calendar-links-create", {
  summary: "Make a calendar address of the meal plan",
  description:
    "A secret address (`url`) of an iCalendar feed a calendar app subscribes to without a token: the " +
    "caller's meal plan (their entries and their households'), or with `household_id` that " +
    "household's (the caller must be a member: 403, an admin too; an unknown household is a 422). " +
    "The secret (256 random bits) is in this answer only: it is stored as a hash. The feed: " +
    "`GET /meal-plan/calendar.ics?key=…`.",
  body: CalendarLinkCreate,
  response: {
    status: 201,
    schema: CalendarLinkCreated,
    description: "The link and, this once, its address.",
  },
  errors: ["forbidden", "invalid"],
  // There is no address of one link: the list is where it shows.
  handle: async ({ body, caller, header }) =>
    created(
      await createCalendarLink(getDb(), body, caller, header("host")),
      `${API_PREFIX}/meal-plan/calendar-links`,
    ),
});

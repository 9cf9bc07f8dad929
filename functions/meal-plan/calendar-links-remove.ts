import { removeCalendarLink } from "../../core/calendar/service.ts";
import { getDb } from "../../core/db.ts";
import { endpoint, noContent } from "../lib/endpoint.ts";

export const handler = endpoint("meal-plan/calendar-links-remove", {
  summary: "Revoke a calendar address",
  description: "The address answers 404 from then on. Another user's link is 404 (an admin's too).",
  response: { status: 204, description: "The link was deleted." },
  errors: ["not_found"],
  handle: async ({ params, caller }) => {
    await removeCalendarLink(getDb(), params.link_id, caller);
    return noContent();
  },
});

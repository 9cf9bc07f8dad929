import { getDb } from "../../core/db.ts";
import { HouseholdJoin, HouseholdRead } from "../../core/household/schemas.ts";
import { joinHousehold } from "../../core/household/service.ts";
import { endpoint, ok } from "../lib/endpoint.ts";

export const handler = endpoint("households/join", {
  summary: "Join a household with an invitation code",
  description:
    "The caller becomes a member, and the code is used up. An unknown, used or expired code is a 422 " +
    "`Invitation code is not valid.`; failed joins count like failed logins: the 31st within 15 " +
    "minutes is a 429 with `Retry-After`, and a valid code is refused too until it passes. Someone " +
    "who is already a member gets 409 (the code stays unused).",
  body: HouseholdJoin,
  response: { status: 200, schema: HouseholdRead, description: "The household joined." },
  errors: ["invalid", "conflict", "too_many_requests"],
  handle: async ({ body, caller }) => ok(await joinHousehold(getDb(), body, caller)),
});

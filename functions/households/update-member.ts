import { getDb } from "../../core/db.ts";
import { HouseholdMemberUpdate, HouseholdRead } from "../../core/household/schemas.ts";
import { setMemberRole } from "../../core/household/service.ts";
import { endpoint, ok } from "../lib/endpoint.ts";

export const handler = endpoint("households/update-member", {
  summary: "Change a member's role",
  description:
    "`owner` or `member`. A household keeps at least one owner: its only owner stepping down is a " +
    "409. A user who is not a member is a 404. Owners and admins.",
  body: HouseholdMemberUpdate,
  response: { status: 200, schema: HouseholdRead, description: "The household." },
  errors: ["forbidden", "conflict"],
  handle: async ({ params, body, caller }) =>
    ok(await setMemberRole(getDb(), params.household_id, params.user_id, body, caller)),
});

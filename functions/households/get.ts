import { getDb } from "../../core/db.ts";
import { HouseholdRead } from "../../core/household/schemas.ts";
import { getHousehold } from "../../core/household/service.ts";
import { endpoint, ok } from "../lib/endpoint.ts";

export const handler = endpoint("households/get", {
  summary: "Read a household",
  description: "Its members (in the order they joined) and the caller's role. Members and admins.",
  response: { status: 200, schema: HouseholdRead, description: "The household." },
  errors: ["forbidden"],
  handle: async ({ params, caller }) => ok(await getHousehold(getDb(), params.household_id, caller)),
});

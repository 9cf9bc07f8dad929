import { getDb } from "../../core/db.ts";
import { HouseholdRead, HouseholdUpdate } from "../../core/household/schemas.ts";
import { renameHousehold } from "../../core/household/service.ts";
import { endpoint, ok } from "../lib/endpoint.ts";

export const handler = endpoint("households/update", {
  summary: "Rename a household",
  description: "Owners and admins.",
  body: HouseholdUpdate,
  response: { status: 200, schema: HouseholdRead, description: "The household." },
  errors: ["forbidden"],
  handle: async ({ params, body, caller }) =>
    ok(await renameHousehold(getDb(), params.household_id, body, caller)),
});

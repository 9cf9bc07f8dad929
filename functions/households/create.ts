import { getDb } from "../../core/db.ts";
import { HouseholdCreate, HouseholdRead } from "../../core/household/schemas.ts";
import { createHousehold } from "../../core/household/service.ts";
import { created, endpoint } from "../lib/endpoint.ts";
import { API_PREFIX } from "../lib/route-types.ts";

export const handler = endpoint("households/create", {
  summary: "Create a household",
  description:
    "A group of people who share shopping lists and a meal plan; the caller is its first member and " +
    "its owner. Invite the others with `POST /households/<id>/invitations`.",
  body: HouseholdCreate,
  response: { status: 201, schema: HouseholdRead, description: "The new household." },
  handle: async ({ body, caller }) => {
    const household = await createHousehold(getDb(), body, caller);
    return created(household, `${API_PREFIX}/households/${household.id}`);
  },
});

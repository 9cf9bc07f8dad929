import { getDb } from "../../core/db.ts";
import { removeHousehold } from "../../core/household/service.ts";
import { endpoint, noContent } from "../lib/endpoint.ts";

export const handler = endpoint("households/remove", {
  summary: "Delete a household",
  description:
    "Its shopping lists and meal plan entries stay, each its creator's own again (private); its " +
    "invitations go with it. Owners and admins.",
  response: { status: 204, description: "Deleted." },
  errors: ["forbidden"],
  handle: async ({ params, caller }) => {
    await removeHousehold(getDb(), params.household_id, caller);
    return noContent();
  },
});

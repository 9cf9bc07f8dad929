import { getDb } from "../../core/db.ts";
import { revokeInvitation } from "../../core/household/service.ts";
import { endpoint, noContent } from "../lib/endpoint.ts";

export const handler = endpoint("households/revoke-invitation", {
  summary: "Revoke an invitation",
  description:
    "Its code lets nobody in from then on. The member who made it, an owner or an admin. An invitation " +
    "of the household that is used, expired or unknown is a 404.",
  response: { status: 204, description: "Revoked." },
  errors: ["forbidden"],
  handle: async ({ params, caller }) => {
    await revokeInvitation(getDb(), params.household_id, params.invitation_id, caller);
    return noContent();
  },
});

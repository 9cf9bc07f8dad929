import { getDb } from "../../core/db.ts";
import { OpenInvitationList } from "../../core/household/schemas.ts";
import { listInvitations } from "../../core/household/service.ts";
import { endpoint, ok } from "../lib/endpoint.ts";

export const handler = endpoint("households/invitations", {
  summary: "List a household's open invitations",
  description:
    "The invitations that are neither used nor expired, newest first: who made each, when, and until " +
    "when it lets someone in. Never the codes (only their SHA-256 is stored). Owners and admins see " +
    "every one, a member sees their own.",
  response: { status: 200, schema: OpenInvitationList, description: "The open invitations." },
  errors: ["forbidden"],
  handle: async ({ params, caller }) => ok(await listInvitations(getDb(), params.household_id, caller)),
});

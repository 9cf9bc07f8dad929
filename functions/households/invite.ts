import { getDb } from "../../core/db.ts";
import { InvitationCreate, InvitationRead } from "../../core/household/schemas.ts";
import { createInvitation } from "../../core/household/service.ts";
import { created, endpoint } from "../lib/endpoint.ts";
import { API_PREFIX } from "../lib/route-types.ts";

export const handler = endpoint("households/invite", {
  summary: "Invite someone to a household",
  description:
    "Body `{}`. A code that lets one person join (`POST /households/join`) within 7 days: single use, " +
    "128 random bits written as 22 base64url characters; the app shows it as a link `/join/<code>` " +
    "and as the code to read out. Only its SHA-256 is stored, so a lost code cannot be shown again: " +
    "make another. An invitation cannot be read back, so `Location` names the household it lets " +
    "people into; its `id` revokes it (`DELETE …/invitations/<id>`). A member may have 10 open " +
    "invitations to a household (409 past that). Members and admins.",
  body: InvitationCreate,
  response: { status: 201, schema: InvitationRead, description: "The code and when it expires." },
  errors: ["forbidden", "conflict"],
  handle: async ({ params, caller }) =>
    created(
      await createInvitation(getDb(), params.household_id, caller),
      `${API_PREFIX}/households/${params.household_id}`,
    ),
});

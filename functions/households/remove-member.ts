import { getDb } from "../../core/db.ts";
import { removeMember } from "../../core/household/service.ts";
import { endpoint, noContent } from "../lib/endpoint.ts";

export const handler = endpoint("households/remove-member", {
  summary: "Leave a household, or remove a member",
  description:
    "A member may remove themself (leave); owners and admins may remove anyone. The only owner cannot " +
    "go while others remain (409 `Household ID 3 needs an owner.`: make another member an owner " +
    "first); the last member going deletes the household. The lists and meal plan entries the member " +
    "made stay theirs and stay in the household; the lists of the others are no longer theirs to read " +
    "or follow live from then on. A user who is not a member is a 404.",
  response: { status: 204, description: "Gone from the household." },
  errors: ["forbidden", "conflict"],
  handle: async ({ params, caller }) => {
    await removeMember(getDb(), params.household_id, params.user_id, caller);
    return noContent();
  },
});

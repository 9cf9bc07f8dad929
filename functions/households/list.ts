import { getDb } from "../../core/db.ts";
import { HouseholdListQuery, HouseholdPage } from "../../core/household/schemas.ts";
import { listHouseholds } from "../../core/household/service.ts";
import { endpoint, ok } from "../lib/endpoint.ts";

export const handler = endpoint("households/list", {
  summary: "List your households",
  description:
    "The households the caller is a member of (an admin's too: only their own), in name order, then " +
    "id, each with its members and the caller's `role`. Keyset pagination: pass `next_cursor` back as " +
    "`cursor`.",
  query: HouseholdListQuery,
  response: { status: 200, schema: HouseholdPage, description: "A page of the caller's households." },
  handle: async ({ query, caller }) => ok(await listHouseholds(getDb(), query, caller)),
});

import { requireCaller } from "../../core/auth/caller.ts";
import { getDb } from "../../core/db.ts";
import { removeItem } from "../../core/shopping-list/service.ts";
import { endpoint, noContent } from "../lib/endpoint.ts";

export const handler = endpoint({
  summary: "Delete a shopping list item",
  description: "Owner or admin.",
  params: ["list_id", "item_id"],
  response: { status: 204, description: "Deleted." },
  errors: [403],
  handle: async ({ params, caller }) => {
    await removeItem(getDb(), params.list_id, params.item_id, requireCaller(caller));
    return noContent();
  },
});

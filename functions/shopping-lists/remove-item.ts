import { getDb } from "../../core/db.ts";
import { removeItem } from "../../core/shopping-list/service.ts";
import { endpoint, noContent } from "../lib/endpoint.ts";

export const handler = endpoint("shopping-lists/remove-item", {
  summary: "Delete a shopping list item",
  description: "Its creator, the members of its household, or an admin.",
  response: { status: 204, description: "Deleted." },
  errors: ["forbidden"],
  handle: async ({ params, caller }) => {
    await removeItem(getDb(), params.list_id, params.item_id, caller);
    return noContent();
  },
});

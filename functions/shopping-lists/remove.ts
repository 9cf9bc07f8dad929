import { requireCaller } from "../../core/auth/caller.ts";
import { getDb } from "../../core/db.ts";
import { removeShoppingList } from "../../core/shopping-list/service.ts";
import { endpoint, noContent } from "../lib/endpoint.ts";

export const handler = endpoint({
  summary: "Delete a shopping list",
  description: "Its items go with it. Owner or admin.",
  params: ["list_id"],
  response: { status: 204, description: "Deleted." },
  errors: [403],
  handle: async ({ params, caller }) => {
    await removeShoppingList(getDb(), params.list_id, requireCaller(caller));
    return noContent();
  },
});

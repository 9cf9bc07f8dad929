import { getDb } from "../../core/db.ts";
import { removeShoppingList } from "../../core/shopping-list/service.ts";
import { endpoint, noContent } from "../lib/endpoint.ts";

export const handler = endpoint("shopping-lists/remove", {
  summary: "Delete a shopping list",
  description: "Its items go with it. Its creator, the members of its household, or an admin.",
  response: { status: 204, description: "Deleted." },
  errors: ["forbidden"],
  handle: async ({ params, caller }) => {
    await removeShoppingList(getDb(), params.list_id, caller);
    return noContent();
  },
});

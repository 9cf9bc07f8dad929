import { getDb } from "../../core/db.ts";
import { ShoppingListRead, ShoppingListUpdate } from "../../core/shopping-list/schemas.ts";
import { updateShoppingList } from "../../core/shopping-list/service.ts";
import { endpoint, ok } from "../lib/endpoint.ts";

export const handler = endpoint("shopping-lists/update", {
  summary: "Rename a shopping list or change its store",
  description:
    "Any subset of `name` and `store_id`; `store_id: null` takes the store off. An unknown store is a " +
    "422. Owner or admin.",
  body: ShoppingListUpdate,
  response: { status: 200, schema: ShoppingListRead, description: "The list, whole." },
  errors: ["forbidden", "invalid"],
  handle: async ({ params, body, caller }) =>
    ok(await updateShoppingList(getDb(), params.list_id, body, caller)),
});

import { getDb } from "../../core/db.ts";
import { ShoppingListRead, ShoppingListUpdate } from "../../core/shopping-list/schemas.ts";
import { updateShoppingList } from "../../core/shopping-list/service.ts";
import { endpoint, ok } from "../lib/endpoint.ts";

export const handler = endpoint("shopping-lists/update", {
  summary: "Rename a shopping list, change its store or its household",
  description:
    "Any subset of `name`, `store_id` and `household_id`; `store_id: null` takes the store off, " +
    "`household_id: null` makes the list private. Only its creator or an admin moves a list (403), into " +
    "a household they are in (403; unknown: 422). An unknown store is a 422. Its creator, the members of its household, or an admin.",
  body: ShoppingListUpdate,
  response: { status: 200, schema: ShoppingListRead, description: "The list, whole." },
  errors: ["forbidden", "invalid"],
  handle: async ({ params, body, caller }) =>
    ok(await updateShoppingList(getDb(), params.list_id, body, caller)),
});

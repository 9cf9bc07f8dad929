import { getDb } from "../../core/db.ts";
import { ShoppingListClearQuery } from "../../core/shopping-list/schemas.ts";
import { removeCheckedItems } from "../../core/shopping-list/service.ts";
import { endpoint, noContent } from "../lib/endpoint.ts";

export const handler = endpoint("shopping-lists/remove-checked", {
  summary: "Clear the checked items of a shopping list",
  description:
    "`?checked=true` is required (400 without it), so that a bare DELETE can never empty a list. " +
    "Its creator, the members of its household, or an admin.",
  query: ShoppingListClearQuery,
  response: { status: 204, description: "The checked items are gone." },
  errors: ["forbidden"],
  handle: async ({ params, caller }) => {
    await removeCheckedItems(getDb(), params.list_id, caller);
    return noContent();
  },
});

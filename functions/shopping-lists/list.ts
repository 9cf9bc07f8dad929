import { getDb } from "../../core/db.ts";
import { ShoppingListListQuery, ShoppingListPage } from "../../core/shopping-list/schemas.ts";
import { listShoppingLists } from "../../core/shopping-list/service.ts";
import { endpoint, ok } from "../lib/endpoint.ts";

export const handler = endpoint("shopping-lists/list", {
  summary: "List your shopping lists",
  description:
    "The caller's own lists and those of their households (an admin's too: only theirs), in name " +
    "order, then id, without their items; `?household_id=N` only that household's (422 unknown, 403 " +
    "not the caller's). Keyset pagination: pass `next_cursor` back as `cursor`.",
  query: ShoppingListListQuery,
  response: { status: 200, schema: ShoppingListPage, description: "A page of the caller's lists." },
  errors: ["forbidden", "invalid"],
  handle: async ({ query, caller }) => ok(await listShoppingLists(getDb(), query, caller)),
});

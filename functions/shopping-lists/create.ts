import { getDb } from "../../core/db.ts";
import { ShoppingListCreate, ShoppingListRead } from "../../core/shopping-list/schemas.ts";
import { createShoppingList } from "../../core/shopping-list/service.ts";
import { created, endpoint } from "../lib/endpoint.ts";
import { API_PREFIX } from "../lib/route-types.ts";

export const handler = endpoint("shopping-lists/create", {
  summary: "Create a shopping list",
  description:
    "An empty list owned by the caller: private to them (and admins), or shared with the members of " +
    "`household_id` (the caller must be one: 403; an unknown household is a 422). `store_id` is the " +
    "store whose walking order its sections follow; an unknown store is a 422.",
  body: ShoppingListCreate,
  response: { status: 201, schema: ShoppingListRead, description: "The new list, whole." },
  errors: ["forbidden", "invalid"],
  handle: async ({ body, caller }) => {
    const list = await createShoppingList(getDb(), body, caller);
    return created(list, `${API_PREFIX}/shopping-lists/${list.id}`);
  },
});

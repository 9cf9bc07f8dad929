import { getDb } from "../../core/db.ts";
import { ShoppingListItemCreate, ShoppingListItemRead } from "../../core/shopping-list/schemas.ts";
import { addItem } from "../../core/shopping-list/service.ts";
import { created, endpoint, ok } from "../lib/endpoint.ts";
import { API_PREFIX } from "../lib/route-types.ts";

export const handler = endpoint("shopping-lists/add-item", {
  summary: "Add an item to a shopping list",
  description:
    "Either an ingredient (`ingredient_id`, with `amount_grams` and `amount_readable` if known) or free " +
    "text (`name`, with `amount_readable`). An ingredient that already has an unchecked item on the " +
    "list is added to it: **200** with that item instead of 201. Free text that names an ingredient " +
    "(ignoring case and plural: `milk` for Milk) is that ingredient, so it joins its item and stands on " +
    "its shelf; other free text is always a new item. An " +
    "unknown ingredient is a 422. `client_id` (a UUID the client picks) makes the add safe to send " +
    "again (an offline client replays its queue): the same `client_id` again answers **200** with the " +
    "item it went into, nothing added twice, its `version` unchanged; one used on another list is a " +
    "409. Its creator, the members of its household, or an admin.",
  body: ShoppingListItemCreate,
  response: {
    status: 201,
    schema: ShoppingListItemRead,
    description: "The new item.",
  },
  also: [
    {
      status: 200,
      schema: ShoppingListItemRead,
      description: "The existing unchecked item of that ingredient, with the amount added to it.",
    },
  ],
  errors: ["forbidden", "invalid", "conflict"],
  handle: async ({ params, body, caller }) => {
    const { item, merged } = await addItem(getDb(), params.list_id, body, caller);
    return merged
      ? ok(item)
      : created(item, `${API_PREFIX}/shopping-lists/${params.list_id}/items/${item.id}`);
  },
});

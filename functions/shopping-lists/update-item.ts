import { getDb } from "../../core/db.ts";
import { ShoppingListItemRead, ShoppingListItemUpdate } from "../../core/shopping-list/schemas.ts";
import { updateItem } from "../../core/shopping-list/service.ts";
import { endpoint, ok } from "../lib/endpoint.ts";

export const handler = endpoint("shopping-lists/update-item", {
  summary: "Check off or change a shopping list item",
  description:
    "Sets only what is given, so two people changing different fields of one item both keep their " +
    "change (on one field the later request wins), and the same PUT sent twice changes nothing more " +
    "(an offline client replays it; `version` grows by 1 per change, and `updated_by` says who made " +
    "it). An item deleted meanwhile is a 404. An amount given (`amount_grams`, `amount_readable`) is the user's own from then on: taking a " +
    "recipe back no longer changes the item. Only a free-text item can be renamed (422 otherwise). " +
    "Unchecking an item while the list has another unchecked item of that ingredient folds it into " +
    "that one, which is answered. `checked_at` goes with `checked: true`: when the tick was made (an " +
    "offline tick replayed keeps its time; absent: now; a time in the future counts as now, one before " +
    "the item existed as its creation); ticking a checked item again keeps its first time, unchecking " +
    "clears it. On a list that follows a store, the store keeps the tick and learns its walking order " +
    "from it (`GET /stores/{store_id}/learned-order`). Its creator, the members of its household, or an admin.",
  body: ShoppingListItemUpdate,
  response: { status: 200, schema: ShoppingListItemRead, description: "The item." },
  errors: ["forbidden", "invalid"],
  handle: async ({ params, body, caller }) =>
    ok(await updateItem(getDb(), params.list_id, params.item_id, body, caller)),
});

import { getDb } from "../../core/db.ts";
import { pageOf } from "../../core/pagination.ts";
import { ShelfOrder, ShelfRead } from "../../core/shelf/schemas.ts";
import { reorderShelves } from "../../core/shelf/service.ts";
import { endpoint, ok } from "../lib/endpoint.ts";

export const handler = endpoint("shelves/reorder", {
  summary: "Put a store's shelves in walking order",
  description:
    "The store's owner or an admin. `shelf_ids` names every shelf of the store exactly once, first to " +
    "last; their positions become 0, 1, 2… in one transaction, so the order is applied whole or not " +
    "at all. A missing, unknown or repeated id is a 422 naming it in `errors`. The answer has the " +
    "shape of the shelves list: every shelf of the store in the new order (`next_cursor` is null).",
  body: ShelfOrder,
  response: {
    status: 200,
    schema: pageOf(ShelfRead),
    description: "Every shelf of the store, in the new walking order.",
  },
  errors: ["forbidden", "not_found"],
  handle: async ({ params, body, caller }) =>
    ok(await reorderShelves(getDb(), params.store_id, body, caller)),
});

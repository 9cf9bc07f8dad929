import { getDb } from "../../core/db.ts";
import { ShelfRead, ShelfUpdate } from "../../core/shelf/schemas.ts";
import { updateShelf } from "../../core/shelf/service.ts";
import { endpoint, ok } from "../lib/endpoint.ts";

export const handler = endpoint("shelves/update", {
  summary: "Update a shelf",
  description:
    "The store's owner or an admin. Any subset of the create fields; `ingredient_ids`, when given, " +
    "replaces the shelf's list. An ingredient already on another shelf of the store is a 409 naming " +
    "that shelf, unless `move` is true: then it is taken off that shelf in the same transaction, so " +
    "it ends up on this shelf only. A shelf of another store is not found.",
  body: ShelfUpdate,
  response: { status: 200, schema: ShelfRead, description: "The updated shelf with its ingredients." },
  errors: ["forbidden", "not_found", "conflict"],
  handle: async ({ params, body, caller }) =>
    ok(await updateShelf(getDb(), params.store_id, params.shelf_id, body, caller)),
});

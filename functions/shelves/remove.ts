import { getDb } from "../../core/db.ts";
import { removeShelf } from "../../core/shelf/service.ts";
import { endpoint, noContent } from "../lib/endpoint.ts";

export const handler = endpoint("shelves/remove", {
  summary: "Delete a shelf",
  description: "The store's owner or an admin. The ingredients stay in the catalogue.",
  response: { status: 204, description: "Deleted." },
  errors: ["forbidden", "not_found"],
  handle: async ({ params, caller }) => {
    await removeShelf(getDb(), params.store_id, params.shelf_id, caller);
    return noContent();
  },
});

import { getDb } from "../../core/db.ts";
import { ShelfCreate, ShelfRead } from "../../core/shelf/schemas.ts";
import { createShelf } from "../../core/shelf/service.ts";
import { created, endpoint } from "../lib/endpoint.ts";
import { API_PREFIX } from "../lib/route-types.ts";

export const handler = endpoint("shelves/create", {
  summary: "Add a shelf to a store",
  description:
    "The store's owner or an admin. An ingredient sits on at most one shelf per store (409 names " +
    "the shelf it is on); an unknown ingredient id is a 422.",
  body: ShelfCreate,
  response: { status: 201, schema: ShelfRead, description: "The created shelf with its ingredients." },
  errors: ["forbidden", "not_found", "conflict"],
  handle: async ({ params, body, caller }) => {
    const shelf = await createShelf(getDb(), params.store_id, body, caller);
    return created(shelf, `${API_PREFIX}/stores/${params.store_id}/shelves/${shelf.id}`);
  },
});

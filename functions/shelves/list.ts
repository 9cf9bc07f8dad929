import { getDb } from "../../core/db.ts";
import { PageQuery, pageOf } from "../../core/pagination.ts";
import { ShelfRead } from "../../core/shelf/schemas.ts";
import { listShelves } from "../../core/shelf/service.ts";
import { endpoint, ok } from "../lib/endpoint.ts";

export const handler = endpoint("shelves/list", {
  summary: "List a store's shelves",
  description:
    "In walking order (position, then id), each with its ingredients in name order. " +
    "Keyset pagination: pass `next_cursor` back as `cursor`.",
  query: PageQuery,
  response: {
    status: 200,
    schema: pageOf(ShelfRead),
    description: "A page of shelves.",
  },
  errors: ["not_found"],
  handle: async ({ params, query }) => ok(await listShelves(getDb(), params.store_id, query)),
});

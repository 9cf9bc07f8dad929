import { z } from "zod";
import { getDb } from "../../core/db.ts";
import { PageQuery } from "../../core/pagination.ts";
import { ShelfRead } from "../../core/shelf/schemas.ts";
import { listShelves } from "../../core/shelf/service.ts";
import { endpoint, ok } from "../lib/endpoint.ts";

export const handler = endpoint({
  summary: "List a store's shelves",
  description:
    "In walking order (position, then id), each with its ingredients in name order. " +
    "Keyset pagination: pass `next_cursor` back as `cursor`.",
  params: ["store_id"],
  query: PageQuery,
  response: {
    status: 200,
    schema: z.object({ items: z.array(ShelfRead), next_cursor: z.string().nullable() }),
    description: "A page of shelves.",
  },
  errors: [404],
  handle: async ({ params, query }) => ok(await listShelves(getDb(), params.store_id, query)),
});

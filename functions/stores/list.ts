import { getDb } from "../../core/db.ts";
import { PageQuery, pageOf } from "../../core/pagination.ts";
import { StoreRead } from "../../core/store/schemas.ts";
import { listStores } from "../../core/store/service.ts";
import { endpoint, ok } from "../lib/endpoint.ts";

export const handler = endpoint("stores/list", {
  summary: "List stores",
  description: "In name order, then id. Keyset pagination: pass `next_cursor` back as `cursor`.",
  query: PageQuery,
  response: {
    status: 200,
    schema: pageOf(StoreRead),
    description: "A page of stores.",
  },
  handle: async ({ query }) => ok(await listStores(getDb(), query)),
});

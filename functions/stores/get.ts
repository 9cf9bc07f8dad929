import { getDb } from "../../core/db.ts";
import { StoreRead } from "../../core/store/schemas.ts";
import { getStore } from "../../core/store/service.ts";
import { endpoint, ok } from "../lib/endpoint.ts";

export const handler = endpoint({
  summary: "Get a store",
  params: ["store_id"],
  response: { status: 200, schema: StoreRead, description: "The store." },
  errors: [404],
  handle: async ({ params }) => ok(await getStore(getDb(), params.store_id)),
});

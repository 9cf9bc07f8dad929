import { getDb } from "../../core/db.ts";
import { StoreRead } from "../../core/store/schemas.ts";
import { getStore } from "../../core/store/service.ts";
import { endpoint, ok } from "../lib/endpoint.ts";

export const handler = endpoint("stores/get", {
  summary: "Get a store",
  response: { status: 200, schema: StoreRead, description: "The store." },
  errors: ["not_found"],
  handle: async ({ params }) => ok(await getStore(getDb(), params.store_id)),
});

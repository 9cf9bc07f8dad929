import { getDb } from "../../core/db.ts";
import { StoreRead, StoreUpdate } from "../../core/store/schemas.ts";
import { updateStore } from "../../core/store/service.ts";
import { endpoint, ok } from "../lib/endpoint.ts";

export const handler = endpoint("stores/update", {
  summary: "Update a store",
  description: "The creator or an admin. Any subset of the create fields; the coordinates stay a pair.",
  body: StoreUpdate,
  response: { status: 200, schema: StoreRead, description: "The updated store." },
  errors: ["forbidden", "not_found"],
  handle: async ({ params, body, caller }) => ok(await updateStore(getDb(), params.store_id, body, caller)),
});

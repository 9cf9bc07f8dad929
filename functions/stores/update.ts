import { getDb } from "../../core/db.ts";
import { StoreRead, StoreUpdate } from "../../core/store/schemas.ts";
import { updateStore } from "../../core/store/service.ts";
import { endpoint, ok } from "../lib/endpoint.ts";

export const handler = endpoint({
  summary: "Update a store",
  description: "The creator or an admin. Any subset of the create fields; the coordinates stay a pair.",
  params: ["store_id"],
  body: StoreUpdate,
  response: { status: 200, schema: StoreRead, description: "The updated store." },
  errors: [403, 404],
  handle: async ({ params, body, caller }) => ok(await updateStore(getDb(), params.store_id, body, caller)),
});

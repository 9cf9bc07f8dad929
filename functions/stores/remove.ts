import { getDb } from "../../core/db.ts";
import { removeStore } from "../../core/store/service.ts";
import { endpoint, noContent } from "../lib/endpoint.ts";

export const handler = endpoint({
  summary: "Delete a store",
  description: "The creator or an admin. Its shelves go with it.",
  params: ["store_id"],
  response: { status: 204, description: "Deleted." },
  errors: [403, 404],
  handle: async ({ params, caller }) => {
    await removeStore(getDb(), params.store_id, caller);
    return noContent();
  },
});

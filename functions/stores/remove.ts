import { getDb } from "../../core/db.ts";
import { removeStore } from "../../core/store/service.ts";
import { endpoint, noContent } from "../lib/endpoint.ts";

export const handler = endpoint("stores/remove", {
  summary: "Delete a store",
  description: "The creator or an admin. Its shelves go with it.",
  response: { status: 204, description: "Deleted." },
  errors: ["forbidden", "not_found"],
  handle: async ({ params, caller }) => {
    await removeStore(getDb(), params.store_id, caller);
    return noContent();
  },
});

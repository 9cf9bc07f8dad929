import { removeCooked } from "../../core/cooked/service.ts";
import { getDb } from "../../core/db.ts";
import { endpoint, noContent } from "../lib/endpoint.ts";

export const handler = endpoint("cooked/remove", {
  summary: "Delete an entry of the log",
  description: "Its maker or an admin (a household member who did not make it: 403).",
  response: { status: 204, description: "Deleted." },
  errors: ["forbidden"],
  handle: async ({ params, caller }) => {
    await removeCooked(getDb(), params.cooked_id, caller);
    return noContent();
  },
});

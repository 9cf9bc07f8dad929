import { removeApiToken } from "../../core/api-token/service.ts";
import { getDb } from "../../core/db.ts";
import { endpoint, noContent } from "../lib/endpoint.ts";

export const handler = endpoint("users/remove-token", {
  summary: "Delete an API token",
  description: "The token stops working at once. Another user's token is 404.",
  response: { status: 204, description: "The token was deleted." },
  errors: ["not_found"],
  handle: async ({ params, caller }) => {
    await removeApiToken(getDb(), params.token_id, caller);
    return noContent();
  },
});

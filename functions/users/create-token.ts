import { ApiTokenCreate, ApiTokenCreated } from "../../core/api-token/schemas.ts";
import { createApiToken } from "../../core/api-token/service.ts";
import { getDb } from "../../core/db.ts";
import { created, endpoint } from "../lib/endpoint.ts";
import { API_PREFIX } from "../lib/route-types.ts";

export const handler = endpoint("users/create-token", {
  summary: "Make an API token",
  description:
    "A token for scripts and home automation, sent as `Authorization: Bearer rst_…`: it acts as the " +
    "caller, `read` for GET requests only, `write` for everything the caller may do, never on the " +
    "account routes (e-mail, password, preferences, sessions, tokens, deleting the account: 403). " +
    "`token` is in this answer only: it is stored as a hash. Without `expires_in_days` (1–730) it " +
    "works until it is deleted; a password change does not end it.",
  body: ApiTokenCreate,
  response: { status: 201, schema: ApiTokenCreated, description: "The token, shown this once." },
  errors: ["invalid"],
  // There is no address of one token: the list is where it shows.
  handle: async ({ body, caller }) =>
    created(await createApiToken(getDb(), body, caller), `${API_PREFIX}/users/me/tokens`),
});

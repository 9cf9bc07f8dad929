import { getDb } from "../../core/db.ts";
import { UserEmailUpdate, UserRead } from "../../core/user/schemas.ts";
import { changeEmail } from "../../core/user/service.ts";
import { endpoint, ok } from "../lib/endpoint.ts";

export const handler = endpoint("users/update-email", {
  summary: "Change an email address",
  description:
    "For yourself: `{email, password}` with your current password (a wrong one is a 403; " +
    "guesses count against the account's login throttle, 429). " +
    "An admin may send `{user_id, email}` for any account.",
  body: UserEmailUpdate,
  response: { status: 200, schema: UserRead, description: "The updated account." },
  errors: ["forbidden", "not_found", "conflict", "invalid", "too_many_requests"],
  handle: async ({ body, caller, clientAddress }) =>
    ok(await changeEmail(getDb(), body, caller, clientAddress)),
});

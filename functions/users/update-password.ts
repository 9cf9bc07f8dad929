import { getDb } from "../../core/db.ts";
import { UserPasswordUpdate } from "../../core/user/schemas.ts";
import { changePassword } from "../../core/user/service.ts";
import { endpoint, noContent } from "../lib/endpoint.ts";

export const handler = endpoint("users/update-password", {
  summary: "Change a password",
  description:
    "For yourself: `{current_password, new_password}` (a wrong current password is a 403; " +
    "guesses count against the account's login throttle, 429). " +
    "An admin may send `{user_id, new_password}` for another account. New passwords are at least 12 characters and at most 72 bytes (UTF-8), and not the account's username, its email (or its part before '@') or one of the 10,000 most common passwords. " +
    "Tokens the account was issued before the change stop working (log in again).",
  body: UserPasswordUpdate,
  response: { status: 204, description: "The password was changed." },
  errors: ["forbidden", "not_found", "invalid", "too_many_requests"],
  handle: async ({ body, caller, clientAddress }) => {
    await changePassword(getDb(), body, caller, clientAddress);
    return noContent();
  },
});

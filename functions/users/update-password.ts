import { getDb } from "../../core/db.ts";
import { UserPasswordUpdate } from "../../core/user/schemas.ts";
import { changePassword } from "../../core/user/service.ts";
import { endpoint, noContent } from "../lib/endpoint.ts";

export const handler = endpoint("users/update-password", {
  summary: "Change a password",
  description:
    "Yourself: `{current_password, new_password}` (a wrong current password is 403 and counts against " +
    "the login throttle, 429). An admin: `{user_id, new_password}`. A new password is 12 characters to " +
    "72 bytes, not the username, the email (or its part before '@') nor one of the 10,000 most common. " +
    "Tokens issued before the change stop working; the account's other sessions end (an admin's " +
    "change ends all), and the caller's own refreshes to a new token.",
  body: UserPasswordUpdate,
  response: { status: 204, description: "The password was changed." },
  errors: ["forbidden", "not_found", "invalid", "too_many_requests"],
  handle: async ({ body, caller, clientAddress }) => {
    await changePassword(getDb(), body, caller, clientAddress);
    return noContent();
  },
});

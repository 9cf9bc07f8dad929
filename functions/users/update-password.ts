import { getDb } from "../../core/db.ts";
import { resetPassword } from "../../core/password-reset/service.ts";
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
    "change ends all), and the caller's own refreshes to a new token. With a password-reset link's " +
    "code (`reset_…`) as the bearer credential: `{new_password}` alone, once; it ends every session.",
  body: UserPasswordUpdate,
  response: { status: 204, description: "The password was changed." },
  errors: ["forbidden", "not_found", "invalid", "too_many_requests"],
  handle: async ({ body, caller, clientAddress }) => {
    const { passwordReset } = caller;
    if (passwordReset) await resetPassword(getDb(), body, { id: caller.id, passwordReset });
    else await changePassword(getDb(), body, caller, clientAddress);
    return noContent();
  },
});

import { getDb } from "../../core/db.ts";
import { PasswordResetCreate, PasswordResetRead } from "../../core/password-reset/schemas.ts";
import { createPasswordReset, RESET_HOURS } from "../../core/password-reset/service.ts";
import { created, endpoint } from "../lib/endpoint.ts";
import { API_PREFIX } from "../lib/route-types.ts";

export const handler = endpoint("users/password-reset", {
  summary: "Make a password-reset link",
  description:
    "Admins only: a one-time link for the account to set a new password, for the admin to pass on " +
    "(there is no public 'forgot password' form: the only public POSTs are sign-up and login). " +
    `It works once within ${RESET_HOURS} hours: its code (\`reset_…\`, in the link's fragment) is the ` +
    "credential of one `PUT /users/password` with `{new_password}` alone, which ends every session of " +
    "the account. A new link replaces the account's earlier ones. With SMTP_URL set it is also " +
    "e-mailed to the account's address (`emailed`); a mail server that refuses leaves `emailed` false.",
  body: PasswordResetCreate,
  response: { status: 201, schema: PasswordResetRead, description: "The link, and whether it was e-mailed." },
  errors: ["not_found", "invalid"],
  // A link has no address of its own in the API: Location names the account it is for.
  handle: async ({ params, caller }) =>
    created(
      await createPasswordReset(getDb(), params.user_id, caller),
      `${API_PREFIX}/users/${params.user_id}`,
    ),
});

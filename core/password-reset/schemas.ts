/** Request and response shapes of password-reset links (CONTRACT.md: users, `/users/<user_id>/password-reset`). */
import * as z from "zod/mini";

/** Nothing to say: the path names the account. */
export const PasswordResetCreate = z.strictObject({});

export const PasswordResetRead = z.object({
  /** The page that sets a new password; its fragment holds the one-time code. */
  url: z.string(),
  expires_at: z.date(),
  /** Whether it was also e-mailed to the user (SMTP_URL set, and the mail server took it). */
  emailed: z.boolean(),
});

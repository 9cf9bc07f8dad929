/**
 * A way back into a forgotten account (CONTRACT.md: users, `POST /users/<user_id>/password-reset`).
 * The specification opens no POST route to the public but sign-up and login, so there is no "forgot
 * password" form: a household's admin makes a one-time link for the person and passes it on (and it
 * is e-mailed to them when SMTP_URL is set). The link's code (`reset_` and 256 random bits, kept only
 * as its SHA-256) sets a new password once, within RESET_HOURS, through `PUT /users/password`
 * (resetPassword), and that ends every session of the account.
 */
import { randomBytes } from "node:crypto";
import { config } from "../config.ts";
import { type Db, transaction } from "../db.ts";
import { Invalid, invalidToken, NotFound, notFound } from "../errors.ts";
import { logger } from "../log.ts";
import { mailConfigured, sendMail } from "../mail.ts";
import { secretHash } from "../secret-hash.ts";
import { findCredentialsByLogin, findUserById } from "../user/repository.ts";
import type { UserPasswordUpdate } from "../user/schemas.ts";
import { storePassword } from "../user/service.ts";
import { RESET_CODE_PREFIX } from "./bearer.ts";
import { replacePasswordReset, spendPasswordReset } from "./repository.ts";

/** How long a link works. */
export const RESET_HOURS = 24;

/** The page of the web app a link opens; the code is in the fragment, which browsers never send. */
export const resetUrl = (code: string): string => `${config.frontendUrl}/reset-password#${code}`;

/**
 * A new link for user `userId`, made by `admin` (null: by the operator, `npm run password-reset`);
 * the user's earlier links stop working. `emailed`
 * says whether the user was sent it (SMTP_URL set and the server took the message): a mail server
 * that refuses or does not answer leaves the link to be passed on by hand, and is logged.
 */
export async function createPasswordReset(db: Db, userId: number, admin: { id: number } | null) {
  const user = await findUserById(db, userId);
  if (!user) throw notFound("User", userId);
  const code = `${RESET_CODE_PREFIX}${randomBytes(32).toString("base64url")}`;
  const row = await transaction(db, (trx) =>
    replacePasswordReset(trx, {
      user_id: userId,
      created_by: admin?.id ?? null,
      code_hash: secretHash(code),
      expires_at: new Date(Date.now() + RESET_HOURS * 3_600_000),
    }),
  );
  const url = resetUrl(code);
  const emailed = mailConfigured() && (await mailLink(user, url, row.expires_at));
  return { url, expires_at: row.expires_at, emailed };
}

/**
 * `npm run password-reset -- <username or e-mail>`: a link made by the operator of the installation,
 * the way back in for an admin no other admin can help. 404 `User name 'x' was not found.`
 */
export async function createPasswordResetFor(db: Db, login: string) {
  const account = await findCredentialsByLogin(db, login);
  if (!account) throw NotFound(`User name '${login}' was not found.`);
  return { username: account.username, ...(await createPasswordReset(db, account.id, null)) };
}

/**
 * `PUT /users/password` with a reset link's code as the credential (`caller`: the link's account and
 * row, core/password-reset/bearer.ts): `{new_password}` alone (422 naming any other field). The link
 * is spent in the transaction that sets the password, and every session of the account ends; of two
 * uses at once, one is 401 and changes nothing.
 */
export async function resetPassword(
  db: Db,
  input: UserPasswordUpdate,
  caller: { id: number; passwordReset: { id: number } },
): Promise<void> {
  const extra = (["user_id", "current_password"] as const).filter((field) => input[field] !== undefined);
  if (extra.length > 0) {
    throw Invalid(
      "Request body is invalid.",
      extra.map((path) => ({ path, message: "Not allowed with a password-reset link." })),
    );
  }
  await storePassword(db, caller.id, input.new_password, undefined, async (trx) => {
    if (!(await spendPasswordReset(trx, caller.passwordReset.id))) throw invalidToken();
  });
}

async function mailLink(user: { id: number; username: string; email: string }, url: string, until: Date) {
  try {
    await sendMail({
      to: user.email,
      subject: "Set a new password",
      text: [
        `Hello ${user.username},`,
        "",
        "An admin of your household's recipe service made this link for you to set a new password:",
        "",
        url,
        "",
        `It works once, until ${until.toUTCString()}. Setting a password signs you out everywhere.`,
        "If you did not ask for it, you can ignore this e-mail: your password stays as it is.",
      ].join("\n"),
    });
    return true;
  } catch (error) {
    // The reason alone: the message holds the link, and the link is a credential.
    const reason = error instanceof Error ? error.message.replaceAll(url, "<link>") : "unknown";
    logger.error("password_reset_mail_failed", { user_id: user.id, reason });
    return false;
  }
}

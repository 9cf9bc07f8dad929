/** `POST /auth/token`: the OAuth2 password grant (a login) and the refresh grant. */

import { takeLoginAttempt } from "../auth/throttle.ts";
import type { Db } from "../db.ts";
import { BadRequest, Invalid, Unauthenticated } from "../errors.ts";
import { checkPassword } from "../user/password.ts";
import { findCredentialsByLogin } from "../user/repository.ts";
import { refreshSession, type SessionTokens, startSession } from "./service.ts";

export type TokenInput = {
  grant_type?: string | undefined;
  username?: string | undefined;
  password?: string | undefined;
  refresh_token?: string | undefined;
};

/** Where the request came from: what throttles count by, and what a new session remembers. */
export type Client = { address: string; userAgent?: string | undefined };

const required = (field: string) => ({ path: field, message: "Required." });

/**
 * `grant_type=password` (or none): a login; `grant_type=refresh_token`: a refresh. Each answers an
 * access token and a refresh token (core/session/service.ts); 400 for another grant type, 422 for a
 * field the grant needs and lacks.
 */
export async function issueTokens(db: Db, input: TokenInput, client: Client): Promise<SessionTokens> {
  const grant = input.grant_type ?? "password";
  if (grant === "refresh_token") {
    if (!input.refresh_token) throw Invalid("Request body is invalid.", [required("refresh_token")]);
    return refreshSession(db, input.refresh_token, client.address);
  }
  if (grant !== "password") {
    throw BadRequest(`Grant type '${grant}' is not supported; use 'password' or 'refresh_token'.`);
  }
  const missing = (["username", "password"] as const).filter((field) => !input[field]);
  if (missing.length > 0) throw Invalid("Request body is invalid.", missing.map(required));
  return login(db, { username: input.username ?? "", password: input.password ?? "" }, client);
}

/**
 * Exchanges a username (or email, ignoring case) and password for an access token.
 * An unknown name and a wrong password give the same 401 after the same bcrypt work;
 * repeated failures are throttled per (account, client address) and per client address
 * (429 with Retry-After, see throttle.ts).
 */
async function login(
  db: Db,
  input: { username: string; password: string },
  client: Client,
): Promise<SessionTokens> {
  const account = await findCredentialsByLogin(db, input.username);
  // One counter per account, whether it is named by its username or its email; unknown names count alone.
  const throttleName = account?.username ?? input.username;
  const attempt = await takeLoginAttempt(db, throttleName, client.address);
  if (!(await checkPassword(input.password, account?.password_hash)) || !account) {
    throw Unauthenticated("Incorrect username or password.");
  }
  await attempt.succeeded();
  return startSession(db, account, "password", client.userAgent);
}

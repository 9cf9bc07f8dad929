/** Logging in: the OAuth2 password grant behind `POST /auth/token`. */
import type { Db } from "../db.ts";
import { BadRequest, Unauthenticated } from "../errors.ts";
import { checkPassword } from "../user/password.ts";
import { findCredentialsByLogin } from "../user/repository.ts";
import { takeLoginAttempt } from "./throttle.ts";
import { type AccessToken, issueAccessToken } from "./token.ts";

export type LoginInput = { username: string; password: string; grant_type?: string | undefined };

/**
 * Exchanges a username (or email, ignoring case) and password for an access token.
 * An unknown name and a wrong password give the same 401 after the same bcrypt work;
 * repeated failures are throttled per (account, client address) and per client address
 * (429 with Retry-After, see throttle.ts).
 */
export async function login(db: Db, input: LoginInput, clientAddress: string): Promise<AccessToken> {
  if (input.grant_type !== undefined && input.grant_type !== "password") {
    throw BadRequest(`Grant type '${input.grant_type}' is not supported; use 'password'.`);
  }
  const account = await findCredentialsByLogin(db, input.username);
  // One counter per account, whether it is named by its username or its email; unknown names count alone.
  const throttleName = account?.username ?? input.username;
  const attempt = await takeLoginAttempt(db, throttleName, clientAddress);
  if (!(await checkPassword(input.password, account?.password_hash)) || !account) {
    throw Unauthenticated("Incorrect username or password.");
  }
  await attempt.succeeded();
  return issueAccessToken(account);
}

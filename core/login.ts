/**
 * `POST /auth/token`: the OAuth2 password grant (a login), the refresh grant, and the authorization
 * code grant of the OpenID Connect provider (core/oidc). Above the sessions, the accounts and the
 * provider it brings together, so that sessions and accounts need not import each other.
 */

import { takeLoginAttempt } from "./auth/throttle.ts";
import type { Db } from "./db.ts";
import { BadRequest, Invalid, Unauthenticated } from "./errors.ts";
import { configuredProvider, signInWithCode } from "./oidc/service.ts";
import { refreshSession, type SessionTokens, startSession } from "./session/service.ts";
import { checkPassword } from "./user/password.ts";
import { findCredentialsByLogin } from "./user/repository.ts";

export type TokenInput = {
  grant_type?: string | undefined;
  username?: string | undefined;
  password?: string | undefined;
  refresh_token?: string | undefined;
  code?: string | undefined;
  code_verifier?: string | undefined;
  redirect_uri?: string | undefined;
  nonce?: string | undefined;
  iss?: string | undefined;
};

/** Where the request came from: what throttles count by, and what a new session remembers. */
export type Client = { address: string; userAgent?: string | undefined };

/** 422 naming each of `fields` the request lacks. */
function requireFields(input: TokenInput, fields: readonly (keyof TokenInput)[]): void {
  const missing = fields.filter((field) => !input[field]);
  if (missing.length > 0) {
    throw Invalid(
      "Request body is invalid.",
      missing.map((field) => ({ path: field, message: "Required." })),
    );
  }
}

/**
 * `grant_type=password` (or none): a login; `grant_type=refresh_token`: a refresh;
 * `grant_type=authorization_code`: a sign-in with the OpenID Connect provider (a session `via`
 * "oidc"). Each answers an access token and a refresh token (core/session/service.ts); 400 for
 * another grant type, 422 for a field the grant needs and lacks.
 */
export async function issueTokens(db: Db, input: TokenInput, client: Client): Promise<SessionTokens> {
  const grant = input.grant_type ?? "password";
  if (grant === "refresh_token") {
    requireFields(input, ["refresh_token"]);
    return refreshSession(db, input.refresh_token ?? "", client.address);
  }
  if (grant === "authorization_code") {
    const provider = configuredProvider();
    requireFields(input, ["code", "code_verifier", "redirect_uri"]);
    const account = await signInWithCode(
      db,
      provider,
      {
        code: input.code ?? "",
        codeVerifier: input.code_verifier ?? "",
        redirectUri: input.redirect_uri ?? "",
        nonce: input.nonce,
        iss: input.iss,
      },
      client.address,
    );
    return startSession(db, account, "oidc", client.userAgent);
  }
  if (grant !== "password") {
    throw BadRequest(`Grant type '${grant}' is not supported; use 'password' or 'refresh_token'.`);
  }
  requireFields(input, ["username", "password"]);
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

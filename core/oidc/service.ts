/**
 * Signing in with the household's OpenID Connect provider (CONTRACT.md: Authentication, "Signing in
 * with another account (OIDC)"). The provider's user is an account here by its `iss` + `sub`
 * (`user_identities`); at the first sign-in the link is made to the account whose e-mail the
 * provider says is verified, or to a new account. A provider that does not say the e-mail is
 * verified cannot make or link an account (401), whether or not an account has that address, so
 * the answer tells nothing about which addresses have accounts. Sessions are core/session's: this
 * module answers the account, and the caller starts the session.
 */
import { randomBytes } from "node:crypto";
import type { Role } from "../auth/roles.ts";
import { clientNetwork, type ThrottleLimit, take } from "../auth/throttle.ts";
import { config } from "../config.ts";
import { type Db, transaction } from "../db.ts";
import { BadRequest, Invalid, Unauthenticated } from "../errors.ts";
import { hashPassword } from "../user/password.ts";
import { insertUser } from "../user/repository.ts";
import {
  type CodeGrant,
  describeProvider,
  exchangeCode,
  type OidcSettings,
  type ProviderUser,
} from "./provider.ts";
import { findUserByEmail, findUserByIdentity, insertIdentity, selectTakenUsernames } from "./repository.ts";

/**
 * Code exchanges from one client network, whatever their outcome (as refreshes are counted): a
 * household signs in a few times in 60 days per device; someone replaying or forging codes is slowed.
 */
export const OIDC_LIMIT: ThrottleLimit = { max: 30, windowMinutes: 15 };

/** `GET /auth/providers`: the configured provider (503 when it does not answer), or none. */
export async function listProviders(settings: OidcSettings | undefined = config.oidc) {
  return { items: settings ? [await describeProvider(settings)] : [] };
}

/**
 * A redirect URI must be a page of the web app (FRONTEND_URL): the provider sends the code there,
 * so any other address is refused before the provider is asked (422).
 */
function checkRedirectUri(redirectUri: string): void {
  const app = new URL(config.frontendUrl);
  let uri: URL | undefined;
  try {
    uri = new URL(redirectUri);
  } catch {
    uri = undefined;
  }
  const appPath = app.pathname.replace(/\/*$/, "/");
  if (!uri || uri.origin !== app.origin || !`${uri.pathname}`.startsWith(appPath) || uri.username) {
    throw Invalid("Request body is invalid.", [
      { path: "redirect_uri", message: `Must be a page of the web app (${config.frontendUrl}/…).` },
    ]);
  }
}

/** 3–32 characters of a-z 0-9 _ . - (the users rule), from whatever the provider calls the user. */
function usernameBase(user: Pick<ProviderUser, "preferredUsername" | "email">): string {
  const source = user.preferredUsername ?? user.email?.split("@")[0] ?? "";
  const cleaned = source
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9_.-]+/g, "-")
    .replace(/^[-.]+|[-.]+$/g, "")
    .slice(0, 24);
  if (cleaned.length >= 3) return cleaned;
  return cleaned ? `${cleaned}-user` : "user";
}

/** The base itself when free, else the base with the first free number, else with random letters. */
async function uniqueUsername(db: Db, base: string): Promise<string> {
  const candidates = [base, ...Array.from({ length: 9 }, (_, i) => `${base}-${i + 2}`)];
  const taken = await selectTakenUsernames(db, candidates);
  return candidates.find((name) => !taken.has(name)) ?? `${base}-${randomBytes(4).toString("hex")}`;
}

/** The account of a provider user signing in for the first time: linked by verified e-mail, or new. */
async function firstSignIn(db: Db, user: ProviderUser, settings: OidcSettings) {
  if (!user.email || !user.emailVerified) {
    throw Unauthenticated(
      `Sign-in with '${settings.name}' failed: the provider did not say the e-mail address is verified.`,
    );
  }
  const email = user.email;
  return transaction(db, async (trx) => {
    let account: { id: number; role: Role } | undefined = await findUserByEmail(trx, email);
    if (!account) {
      // No password works for the new account: a bcrypt hash of 256 random bits nobody keeps. Its
      // owner signs in with the provider, or sets a password with a reset link from an admin.
      account = await insertUser(trx, {
        username: await uniqueUsername(trx, usernameBase(user)),
        email,
        role: "user",
        password_hash: await hashPassword(randomBytes(32).toString("base64url")),
      });
    }
    await insertIdentity(trx, { user_id: account.id, issuer: user.issuer, subject: user.subject });
    return { id: account.id, role: account.role };
  });
}

/** The configured provider; 400 for the authorization code grant when there is none. */
export function configuredProvider(settings: OidcSettings | undefined = config.oidc): OidcSettings {
  if (!settings) {
    throw BadRequest("Grant type 'authorization_code' is not supported: no sign-in provider is configured.");
  }
  return settings;
}

/**
 * `grant_type=authorization_code`: exchanges the provider's code and answers the account it signs
 * in to (made or linked at the first sign-in). 422 for a redirect URI outside the web app, 429 past
 * OIDC_LIMIT, 401 for a refused exchange, 503 when the provider does not answer.
 */
export async function signInWithCode(
  db: Db,
  settings: OidcSettings,
  grant: CodeGrant,
  clientAddress: string,
): Promise<{ id: number; role: Role }> {
  checkRedirectUri(grant.redirectUri);
  await take(
    db,
    `oidc:${clientNetwork(clientAddress)}`,
    OIDC_LIMIT,
    "Too many sign-in attempts. Try again in {s} seconds.",
  );
  const user = await exchangeCode(settings, grant);
  const linked = await findUserByIdentity(db, user.issuer, user.subject);
  return linked ?? firstSignIn(db, user, settings);
}

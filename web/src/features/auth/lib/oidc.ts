/**
 * The browser's part of signing in with the household's OpenID Connect provider: the authorization
 * request (PKCE S256, state and nonce from Web Crypto, kept in sessionStorage for this tab) and, on
 * the way back, the check that the answer belongs to it. The API exchanges the code
 * (`POST /auth/token`, `grant_type=authorization_code`); the ID token is checked there.
 */
import { t } from "../../../i18n/index.ts";

/** What the app keeps between leaving for the provider and coming back (this tab only). */
export type PendingSignIn = {
  state: string;
  nonce: string;
  codeVerifier: string;
  redirectUri: string;
  /** The page to return to once signed in (`?redirect=` of the log-in page). */
  redirect?: string | undefined;
};

export type Provider = { authorization_endpoint: string; client_id: string; scopes: string };

const KEY = "recipes.oidc-sign-in";

/** The page the provider sends the browser back to: register it at the provider. */
export const callbackUrl = (origin: string = window.location.origin) => `${origin}/login/callback`;

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

/** `bytes` random bytes, base64url: 32 make a 43-character PKCE verifier (RFC 7636). */
export const randomText = (bytes = 32) => base64url(crypto.getRandomValues(new Uint8Array(bytes)));

/** The S256 code challenge of a verifier: base64url(SHA-256(verifier)). */
export async function codeChallenge(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier));
  return base64url(new Uint8Array(digest));
}

/**
 * Makes and keeps a new state, nonce and verifier, and answers the provider's authorization URL
 * to send the browser to.
 */
export async function beginSignIn(
  provider: Provider,
  redirect: string | undefined,
  storage: Storage = sessionStorage,
): Promise<string> {
  const pending: PendingSignIn = {
    state: randomText(16),
    nonce: randomText(16),
    codeVerifier: randomText(32),
    redirectUri: callbackUrl(),
    redirect,
  };
  storage.setItem(KEY, JSON.stringify(pending));
  const url = new URL(provider.authorization_endpoint);
  for (const [name, value] of Object.entries({
    response_type: "code",
    client_id: provider.client_id,
    redirect_uri: pending.redirectUri,
    scope: provider.scopes,
    state: pending.state,
    nonce: pending.nonce,
    code_challenge: await codeChallenge(pending.codeVerifier),
    code_challenge_method: "S256",
  })) {
    url.searchParams.set(name, value);
  }
  return url.href;
}

/** Why the way back cannot be used: a sentence for the person. */
export class CallbackError extends Error {
  override readonly name = "CallbackError";
}

/** The provider's answer at the callback page, as its query string has it. */
export type CallbackParams = {
  code?: string | undefined;
  state?: string | undefined;
  error?: string | undefined;
  error_description?: string | undefined;
  iss?: string | undefined;
};

/**
 * Takes (once: it is removed) what beginSignIn kept, and checks the provider's answer against it:
 * the same state, a code, no error. Answers the grant for `POST /auth/token` and the page to go to.
 */
export function finishSignIn(params: CallbackParams, storage: Storage = sessionStorage) {
  const kept = storage.getItem(KEY);
  storage.removeItem(KEY);
  const pending = kept ? (JSON.parse(kept) as PendingSignIn) : undefined;
  if (params.error) {
    throw new CallbackError(
      params.error === "access_denied"
        ? t("auth.signInCancelled")
        : t("auth.providerRefused", { reason: params.error }),
    );
  }
  if (!pending || !params.state || params.state !== pending.state) {
    throw new CallbackError(t("auth.signInNotStartedHere"));
  }
  if (!params.code) throw new CallbackError(t("auth.providerSentNoCode"));
  return {
    grant: {
      grant_type: "authorization_code" as const,
      code: params.code,
      code_verifier: pending.codeVerifier,
      redirect_uri: pending.redirectUri,
      nonce: pending.nonce,
      ...(params.iss ? { iss: params.iss } : {}),
    },
    redirect: pending.redirect,
  };
}

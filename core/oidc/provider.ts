/**
 * The OpenID Connect provider as openid-client (a certified relying party library) sees it:
 * discovery, the authorization code exchange with PKCE, and the ID token's checks (issuer,
 * audience, expiry, nonce) are the library's; nothing here reads a JWT or a key by hand.
 *
 * openid-client (with oauth4webapi) adds about 26 KB to a minified bundle, and `auth/token` has
 * about 10 KB to spare under its 300 KB target: so, like the live API's client, it is installed
 * beside the bundles of the two routes that use it (stacks/bundle.ts EXTERNAL, `needs.oidc`) and
 * imported on first use. A password login or a refresh never loads it.
 */
import { AppError, Unauthenticated, Unavailable } from "../errors.ts";

/** The provider as configured (config.oidc). */
export type OidcSettings = { issuer: string; clientId: string; clientSecret: string; name: string };

/** What the app asks the provider for: an ID token, the e-mail and whether it is verified, a name. */
export const OIDC_SCOPES = "openid email profile";

/** Seconds to wait for the provider (discovery, the code exchange, userinfo) before a 503. */
const TIMEOUT_SECONDS = 5;

type Library = typeof import("openid-client");
type Configuration = import("openid-client").Configuration;

let library: Promise<Library> | undefined;
const load = (): Promise<Library> => {
  library ??= import("openid-client");
  return library;
};

/** One discovery per provider and process: the Configuration is reused until a request fails. */
const discovered = new Map<string, Promise<Configuration>>();

const unavailable = (settings: OidcSettings) =>
  Unavailable(`Sign-in with '${settings.name}' is unavailable: the provider did not answer.`);
const failed = (settings: OidcSettings, reason: string) =>
  Unauthenticated(`Sign-in with '${settings.name}' failed: ${reason}.`);

/** The provider did not answer, or answered as a server that is down does: a 503 rather than a 401. */
function isOutage(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === "TimeoutError" || error.name === "AbortError") return true;
  // fetch's own failure (refused, reset, DNS): a TypeError without the library's argument codes.
  if (error instanceof TypeError && !("code" in error)) return true;
  const cause = (error as { cause?: unknown }).cause;
  if (cause instanceof Response) return cause.status >= 500;
  const status = (error as { status?: unknown }).status;
  return typeof status === "number" && status >= 500;
}

/** The provider's configuration, discovered once per process (503 when it does not answer). */
async function configurationOf(settings: OidcSettings): Promise<Configuration> {
  const key = JSON.stringify([settings.issuer, settings.clientId, settings.clientSecret]);
  let configuration = discovered.get(key);
  if (!configuration) {
    configuration = load().then(async (client) => {
      const issuer = new URL(settings.issuer);
      // An http:// issuer is the operator's explicit choice (a provider on this machine or the LAN).
      const execute = issuer.protocol === "http:" ? [client.allowInsecureRequests] : [];
      const found = await client.discovery(issuer, settings.clientId, settings.clientSecret, undefined, {
        execute,
        timeout: TIMEOUT_SECONDS,
      });
      found.timeout = TIMEOUT_SECONDS;
      return found;
    });
    discovered.set(key, configuration);
    configuration.catch(() => discovered.delete(key));
  }
  try {
    return await configuration;
  } catch {
    // Whatever went wrong (no answer, not a provider, an issuer that differs from the configured
    // one), the sign-in cannot start: the provider is not usable now.
    throw unavailable(settings);
  }
}

/** `GET /auth/providers`' row for the provider: where the app sends the browser, and what it asks for. */
export async function describeProvider(settings: OidcSettings) {
  const configuration = await configurationOf(settings);
  const endpoint = configuration.serverMetadata().authorization_endpoint;
  if (!endpoint) throw unavailable(settings);
  return {
    id: "oidc",
    name: settings.name,
    authorization_endpoint: endpoint,
    client_id: settings.clientId,
    scopes: OIDC_SCOPES,
  };
}

/** What the app reads of the signed-in user: the ID token's claims, completed from userinfo. */
export type ProviderUser = {
  issuer: string;
  subject: string;
  email?: string | undefined;
  emailVerified: boolean;
  preferredUsername?: string | undefined;
};

export type CodeGrant = {
  code: string;
  codeVerifier: string;
  redirectUri: string;
  nonce?: string | undefined;
  /** The `iss` the provider sent to the redirect URI, when the app passes it on (RFC 9207). */
  iss?: string | undefined;
};

/** Why the library refused the exchange, in words that never carry the code itself. */
function reasonOf(error: unknown): string {
  const e = error as {
    error?: unknown;
    code?: unknown;
    cause?: { claim?: unknown; cause?: { claim?: unknown } };
  };
  // The library's ClientError wraps oauth4webapi's error, whose cause names the claim.
  const claim = e.cause?.cause?.claim ?? e.cause?.claim;
  if (typeof e.error === "string") {
    // An OAuth error from the token endpoint: `invalid_grant` for an unknown, expired or used code,
    // or a code_verifier or redirect_uri that does not match the authorization request.
    return `the provider refused the code (${e.error.replace(/[^a-z0-9_]/gi, "").slice(0, 40)})`;
  }
  if (e.code === "OAUTH_JWT_CLAIM_COMPARISON_FAILED" && claim === "nonce") {
    return "the ID token's nonce does not match";
  }
  if (e.code === "OAUTH_JWT_CLAIM_COMPARISON_FAILED" && claim === "iss") {
    return "the ID token names another issuer";
  }
  return "the provider's answer did not pass the checks";
}

const text = (value: unknown): string | undefined => (typeof value === "string" && value ? value : undefined);

/**
 * Exchanges an authorization code (with its PKCE verifier and, when the authorization request had
 * one, its nonce) for the signed-in user; the library checks the ID token and the nonce. 401
 * `Sign-in with 'NAME' failed: <reason>.` for a refused exchange, 503 when the provider does not answer.
 */
export async function exchangeCode(settings: OidcSettings, grant: CodeGrant): Promise<ProviderUser> {
  const configuration = await configurationOf(settings);
  const client = await load();
  const callback = new URL(grant.redirectUri);
  callback.search = "";
  callback.hash = "";
  callback.searchParams.set("code", grant.code);
  // The app checked `state` in the browser; the issuer it was sent is checked here (the configured
  // one stands in when the app did not pass it on).
  callback.searchParams.set("iss", grant.iss ?? configuration.serverMetadata().issuer);
  try {
    const tokens = await client.authorizationCodeGrant(configuration, callback, {
      pkceCodeVerifier: grant.codeVerifier,
      expectedState: client.skipStateCheck,
      idTokenExpected: true,
      ...(grant.nonce !== undefined ? { expectedNonce: grant.nonce } : {}),
    });
    const claims = tokens.claims();
    if (!claims) throw failed(settings, "the provider sent no ID token");
    let info: Record<string, unknown> = claims;
    // Many providers put the e-mail and the name in userinfo rather than in the ID token.
    const needsUserinfo = claims.email === undefined || claims.preferred_username === undefined;
    if (needsUserinfo && configuration.serverMetadata().userinfo_endpoint) {
      info = { ...(await client.fetchUserInfo(configuration, tokens.access_token, claims.sub)), ...claims };
    }
    return {
      issuer: claims.iss,
      subject: claims.sub,
      email: text(info.email),
      // Only `true` itself: a string "true" or a missing claim is not a provider's word for it.
      emailVerified: info.email_verified === true,
      preferredUsername: text(info.preferred_username),
    };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (isOutage(error)) {
      discovered.clear();
      throw unavailable(settings);
    }
    throw failed(settings, reasonOf(error));
  }
}

import * as z from "zod/mini";
import { getDb } from "../../core/db.ts";
import { issueTokens } from "../../core/login.ts";
import { OIDC_LIMIT } from "../../core/oidc/service.ts";
import { REFRESH_EXPIRE_DAYS, REFRESH_LIMIT } from "../../core/session/service.ts";
import { endpoint, ok } from "../lib/endpoint.ts";

/**
 * The OAuth2 password form (or the same fields as JSON), the refresh grant, or the authorization
 * code grant of the OpenID Connect provider; `scope` and client fields are accepted and unused.
 * Which fields a grant needs is checked by the grant (422 naming them).
 */
export const TokenRequest = z.strictObject({
  grant_type: z.optional(z.string().check(z.maxLength(64))),
  username: z.optional(z.string().check(z.minLength(1), z.maxLength(254))),
  password: z.optional(z.string().check(z.minLength(1), z.maxLength(1024))),
  refresh_token: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
  code: z.optional(z.string().check(z.minLength(1), z.maxLength(4096))),
  // RFC 7636: 43–128 characters.
  code_verifier: z.optional(z.string().check(z.minLength(43), z.maxLength(128))),
  redirect_uri: z.optional(z.string().check(z.minLength(1), z.maxLength(2048))),
  nonce: z.optional(z.string().check(z.minLength(1), z.maxLength(512))),
  iss: z.optional(z.string().check(z.minLength(1), z.maxLength(2048))),
  scope: z.optional(z.string()),
  client_id: z.optional(z.string()),
  client_secret: z.optional(z.string()),
});

export const TokenRead = z.object({
  access_token: z.string(),
  token_type: z.literal("bearer"),
  expires_in: z.number().check(z.int()),
  refresh_token: z.string(),
  refresh_expires_in: z.number().check(z.int()),
});

export const handler = endpoint("auth/token", {
  summary: "Log in, or refresh",
  description:
    "OAuth2 password grant: `application/x-www-form-urlencoded` (`username`, `password`, optional " +
    "`grant_type=password`) or JSON `{username, password}`. `username` may be the email; case is ignored. " +
    "After 10 failed logins for one account from one client address within 15 minutes, or 100 from one " +
    "address for any accounts, attempts get 429 with Retry-After until the window passes. Each login " +
    "starts a session: the access token (30 minutes) names it as `sid`, and `refresh_token` keeps it " +
    `going: \`grant_type=refresh_token\` with \`refresh_token\` answers a new pair and spends the old ` +
    `refresh token (sessions run out after ${REFRESH_EXPIRE_DAYS} days without one); a spent refresh ` +
    "token presented again ends its session. Refreshes are throttled per client network: " +
    `${REFRESH_LIMIT.max} in ${REFRESH_LIMIT.windowMinutes} minutes, then 429. ` +
    "With an OpenID Connect provider (`GET /auth/providers`): `grant_type=authorization_code` with " +
    "`code`, `code_verifier` (PKCE S256), `redirect_uri` (a page of the web app, FRONTEND_URL, else 422), " +
    "`nonce` if the authorization request had one and optionally `iss` as sent to the redirect URI: a " +
    "session `via` `oidc`. The first sign-in links the account with the e-mail the provider says is " +
    "verified, or creates one (username from `preferred_username`, made unique); an unverified e-mail is " +
    "401. A refused exchange is 401 `Sign-in with 'NAME' failed: <reason>.`, a provider that does not " +
    "answer 503, no provider 400; " +
    `${OIDC_LIMIT.max} exchanges per client network in ${OIDC_LIMIT.windowMinutes} minutes, then 429.`,
  body: TokenRequest,
  form: true,
  response: {
    status: 200,
    schema: TokenRead,
    description: "A bearer token valid for 30 minutes, and the refresh token of its session.",
  },
  errors: ["bad_request", "unauthenticated", "invalid", "too_many_requests", "unavailable"],
  handle: async ({ body, clientAddress, userAgent }) =>
    ok(await issueTokens(getDb(), body, { address: clientAddress, userAgent })),
});

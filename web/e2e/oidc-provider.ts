/**
 * The household's identity provider for the end-to-end tests: a real OpenID Connect provider
 * (oidc-provider, a certified OP) in the test runner's process, on a loopback port of its own. Its
 * pages are the library's development interactions, which a browser completes as a person would: a
 * log-in form that takes any login and password (the login is the provider's `sub`), then a consent
 * page ("Continue"). Every provider user has a verified e-mail that no account of the run has
 * (`<login>@oidc.example`) and `preferred_username` = the login, so a first sign-in creates an account.
 */
/// <reference path="../../test/helpers/oidc-provider-module.d.ts" />
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

export const OIDC_CLIENT_ID = "recipes-e2e";
/** The name on the log-in page's button: "Sign in with Home ID". */
export const OIDC_NAME = "Home ID";

/** The e-mail the provider gives the user who signs in with this login. */
export const oidcEmail = (login: string) => `${login}@oidc.example`;

/**
 * Starts the provider with one confidential client whose redirect URI is the app's callback page;
 * answers the API's OIDC_* settings and a way to stop it.
 */
export async function startOidcProvider(webOrigin: string) {
  let handle: ReturnType<Provider["callback"]> | undefined;
  const server = createServer((req, res) => {
    if (handle) return handle(req, res);
    res.statusCode = 503;
    res.end();
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientSecret = randomBytes(24).toString("base64url");
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: OIDC_CLIENT_ID,
        client_secret: clientSecret,
        redirect_uris: [`${webOrigin}/login/callback`],
        response_types: ["code"],
        grant_types: ["authorization_code"],
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    jwks: { keys: [{ ...privateKey.export({ format: "jwk" }), kid: "e2e", use: "sig", alg: "RS256" }] },
    cookies: { keys: [randomBytes(16).toString("hex")] },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["preferred_username"] },
    features: { devInteractions: { enabled: true } },
    // Seconds; set, so the library does not print a notice for each default it would use.
    ttl: {
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
      AuthorizationCode: 60,
      AccessToken: 600,
      IdToken: 600,
    },
    findAccount: (_ctx: unknown, sub: string) => ({
      accountId: sub,
      claims: async () => ({ sub, email: oidcEmail(sub), email_verified: true, preferred_username: sub }),
    }),
  });
  handle = provider.callback();
  return {
    environment: {
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID,
      OIDC_CLIENT_SECRET: clientSecret,
      OIDC_NAME,
    },
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections(); // the API's kept-alive connections would hold the close
        server.close(() => done());
      }),
  };
}

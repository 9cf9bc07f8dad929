/**
 * A real OpenID Connect provider in this process (oidc-provider, a certified OP) on a loopback port,
 * for the sign-in tests: one client, accounts whose claims the test sets, and a sign-in that needs
 * no pages: the next authorization request signs in `nextAccount` and grants every scope asked for.
 */
import { createHash, randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import { exportJWK, generateKeyPair } from "jose";
import Provider from "oidc-provider";
import { freePort } from "./ports.ts";

export type Claims = {
  email?: string;
  email_verified?: boolean;
  preferred_username?: string;
  name?: string;
};

export const CLIENT_ID = "recipes";
export const CLIENT_SECRET = "recipes-test-secret";
export const REDIRECT_URI = "http://localhost:8000/login/callback";

export type TestProvider = {
  issuer: string;
  /** The provider's users: `sub` → claims. */
  accounts: Map<string, Claims>;
  /**
   * Runs the browser's part of a sign-in as `sub`: the authorization request (PKCE S256, state,
   * nonce), the provider's interaction, the redirect; answers the code and what the app kept.
   */
  authorize(sub: string, options?: { nonce?: string; redirectUri?: string }): Promise<Authorization>;
  close(): Promise<void>;
};

export type Authorization = { code: string; codeVerifier: string; nonce: string; state: string; iss: string };

const base64url = (bytes: Buffer) => bytes.toString("base64url");

/** Every cookie the provider set, as a Cookie header (its paths do not matter to these requests). */
function rememberCookies(jar: Map<string, string>, response: Response) {
  for (const cookie of response.headers.getSetCookie()) {
    const [pair = ""] = cookie.split(";");
    const at = pair.indexOf("=");
    jar.set(pair.slice(0, at), pair.slice(at + 1));
  }
}

export async function startOidcProvider(): Promise<TestProvider> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const accounts = new Map<string, Claims>();
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: [REDIRECT_URI],
        response_types: ["code"],
        grant_types: ["authorization_code"],
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    jwks: { keys: [{ ...(await exportJWK(privateKey)), kid: "test", use: "sig", alg: "RS256" }] },
    cookies: { keys: [randomBytes(16).toString("hex")] },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["preferred_username", "name"] },
    features: { devInteractions: { enabled: false } },
    findAccount: (_ctx: unknown, sub: string) => {
      const claims = accounts.get(sub);
      return claims ? { accountId: sub, claims: async () => ({ sub, ...claims }) } : undefined;
    },
  });
  let nextAccount = "";
  const callback = provider.callback();
  const server: Server = createServer((req, res) => {
    if (!req.url?.startsWith("/interaction/")) return callback(req, res);
    // The log-in and consent pages a person would see: this account signs in and grants the scopes.
    void (async () => {
      const details = await provider.interactionDetails(req, res);
      const grant = new provider.Grant({ accountId: nextAccount, clientId: CLIENT_ID });
      grant.addOIDCScope(String(details.params.scope));
      const grantId = await grant.save();
      await provider.interactionFinished(req, res, {
        login: { accountId: nextAccount },
        consent: { grantId },
      });
    })().catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });
  await new Promise<void>((done) => server.listen(port, "127.0.0.1", done));

  async function authorize(sub: string, options: { nonce?: string; redirectUri?: string } = {}) {
    nextAccount = sub;
    const codeVerifier = base64url(randomBytes(32));
    const state = base64url(randomBytes(16));
    const nonce = options.nonce ?? base64url(randomBytes(16));
    const url = new URL(`${issuer}/auth`);
    url.search = new URLSearchParams({
      response_type: "code",
      client_id: CLIENT_ID,
      redirect_uri: options.redirectUri ?? REDIRECT_URI,
      scope: "openid email profile",
      state,
      nonce,
      code_challenge: base64url(createHash("sha256").update(codeVerifier).digest()),
      code_challenge_method: "S256",
    }).toString();
    const jar = new Map<string, string>();
    let next = url.href;
    for (let hop = 0; hop < 10; hop++) {
      const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
      const response = await fetch(next, { redirect: "manual", headers: cookie ? { cookie } : {} });
      rememberCookies(jar, response);
      const location = response.headers.get("location");
      if (!location) throw new Error(`the provider answered ${response.status}: ${await response.text()}`);
      const target = new URL(location, next);
      if (target.href.startsWith(options.redirectUri ?? REDIRECT_URI)) {
        const code = target.searchParams.get("code");
        if (!code) throw new Error(`no code: ${target.href}`);
        if (target.searchParams.get("state") !== state) throw new Error("state changed");
        return { code, codeVerifier, nonce, state, iss: target.searchParams.get("iss") ?? "" };
      }
      next = target.href;
    }
    throw new Error("too many redirects");
  }

  return {
    issuer,
    accounts,
    authorize,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/**
 * Signing in with an OpenID Connect provider (issue 38, items 3 and 6; CONTRACT.md: Authentication)
 * through the real pipeline, against a real provider in this process (oidc-provider): the browser's
 * part is driven by test/helpers/oidc-provider.ts, the code goes through `POST /auth/token`.
 */
import { decodeJwt } from "jose";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { config } from "../../core/config.ts";
import { getDb } from "../../core/db.ts";
import { OIDC_LIMIT } from "../../core/oidc/service.ts";
import { dispatch } from "../../functions/lib/local.ts";
import { api, problem } from "../helpers/api.ts";
import { makeUser, unique } from "../helpers/factories.ts";
import {
  type Authorization,
  CLIENT_ID,
  CLIENT_SECRET,
  REDIRECT_URI,
  startOidcProvider,
  type TestProvider,
} from "../helpers/oidc-provider.ts";
import { freePort } from "../helpers/ports.ts";
import { loginJson } from "../helpers/user-factories.ts";

const NAME = "Household ID";
let provider: TestProvider;
const configure = (oidc: typeof config.oidc) => {
  (config as { oidc: typeof config.oidc }).oidc = oidc;
};

beforeAll(async () => {
  provider = await startOidcProvider();
});
beforeEach(() => {
  configure({ issuer: provider.issuer, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, name: NAME });
});
afterAll(async () => {
  configure(undefined);
  await provider.close();
});

let addressCounter = 0;
/** A client address no other test uses, so the exchange throttle of one test leaves the others be. */
const newAddress = () => `198.51.${process.pid % 256}.${++addressCounter}`;

/** `POST /auth/token` with the authorization code grant, from its own client address. */
async function exchange(fields: Record<string, unknown>, address = newAddress()) {
  const res = await dispatch({
    method: "POST",
    url: "/api/v1/auth/token",
    headers: { "content-type": "application/json", "user-agent": "oidc-test" },
    body: JSON.stringify({ grant_type: "authorization_code", ...fields }),
    sourceIp: address,
  });
  const body = JSON.parse(res.body.toString("utf8") || "null");
  return { status: res.status, headers: res.headers, body, raw: res.body };
}
const grantOf = (auth: Authorization) => ({
  code: auth.code,
  code_verifier: auth.codeVerifier,
  redirect_uri: REDIRECT_URI,
  nonce: auth.nonce,
});
const failedSentence = new RegExp(`^Sign-in with '${NAME}' failed: .+\\.$`);

/** A provider user with these claims; answers its `sub`. */
function providerUser(claims: { email?: string; email_verified?: boolean; preferred_username?: string }) {
  const sub = unique("sub");
  provider.accounts.set(sub, claims);
  return sub;
}
const identitiesOf = (subject: string) =>
  getDb().selectFrom("user_identities").selectAll().where("subject", "=", subject).execute();
const userById = (id: number) =>
  getDb()
    .selectFrom("users")
    .select(["id", "username", "email", "role"])
    .where("id", "=", id)
    .executeTakeFirst();

async function signIn(sub: string) {
  const res = await exchange(grantOf(await provider.authorize(sub)));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { access_token: string; refresh_token: string };
}

describe("GET /auth/providers", () => {
  it("lists the configured provider: its authorization endpoint, client id and scopes", async () => {
    const res = await api("GET", "/auth/providers");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      items: [
        {
          id: "oidc",
          name: NAME,
          authorization_endpoint: `${provider.issuer}/auth`,
          client_id: CLIENT_ID,
          scopes: "openid email profile",
        },
      ],
    });
  });

  it("is empty without a provider, and 503 when the provider does not answer", async () => {
    configure(undefined);
    expect((await api("GET", "/auth/providers")).body).toEqual({ items: [] });
    const down = `http://127.0.0.1:${await freePort()}`;
    configure({ issuer: down, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, name: NAME });
    expect(problem(await api("GET", "/auth/providers"), 503).detail).toBe(
      `Sign-in with '${NAME}' is unavailable: the provider did not answer.`,
    );
  });
});

describe("POST /auth/token with grant_type=authorization_code", () => {
  it("creates an account at the first sign-in, and signs in to it by iss + sub from then on", async () => {
    const name = unique("oidc")
      .replace(/[^a-z0-9]/g, "")
      .slice(0, 20);
    const email = `${name}@example.com`;
    const sub = providerUser({ email, email_verified: true, preferred_username: name });
    const tokens = await signIn(sub);
    expect(tokens).toMatchObject({ token_type: "bearer", expires_in: 1800, refresh_expires_in: 5_184_000 });
    const id = Number(decodeJwt(tokens.access_token).sub);
    expect(await userById(id)).toEqual({ id, username: name, email, role: "user" });
    expect(await identitiesOf(sub)).toEqual([
      expect.objectContaining({ user_id: id, issuer: provider.issuer, subject: sub }),
    ]);

    // The session is an OIDC one, with the browser's User-Agent.
    const sessions = await api("GET", "/users/me/sessions", { token: tokens.access_token });
    expect(sessions.body.items).toEqual([expect.objectContaining({ via: "oidc", user_agent: "oidc-test" })]);
    expect((await api("GET", "/users/me", { token: tokens.access_token })).body.username).toBe(name);

    // The second sign-in finds the link, even once the provider's e-mail and name have changed.
    provider.accounts.set(sub, { email: `other-${email}`, email_verified: true, preferred_username: "x" });
    const again = await signIn(sub);
    expect(Number(decodeJwt(again.access_token).sub)).toBe(id);
    expect(await identitiesOf(sub)).toHaveLength(1);
    expect((await userById(id))?.email).toBe(email);
  });

  it("makes the username unique and valid when it is taken or unusable", async () => {
    const taken = await makeUser();
    const sub = providerUser({
      email: `${unique("m")}@example.com`,
      email_verified: true,
      preferred_username: taken.username.toUpperCase(),
    });
    const first = Number(decodeJwt((await signIn(sub)).access_token).sub);
    expect((await userById(first))?.username).toBe(`${taken.username}-2`);

    const odd = providerUser({
      email: `${unique("n")}@example.com`,
      email_verified: true,
      preferred_username: "Zoë",
    });
    const second = Number(decodeJwt((await signIn(odd)).access_token).sub);
    expect((await userById(second))?.username).toMatch(/^zoe(-user)?(-\d+)?$/);
  });

  it("links the account whose e-mail the provider says is verified", async () => {
    const owner = await makeUser();
    const row = await userById(owner.id);
    const sub = providerUser({ email: row?.email.toUpperCase() ?? "", email_verified: true });
    const tokens = await signIn(sub);
    expect(Number(decodeJwt(tokens.access_token).sub)).toBe(owner.id);
    expect(await identitiesOf(sub)).toEqual([expect.objectContaining({ user_id: owner.id })]);
    // The password still works for the linked account.
    expect((await loginJson(owner.username, owner.password)).status).toBe(200);
  });

  it("neither links nor creates an account without a verified e-mail, whether or not one has it", async () => {
    const owner = await makeUser();
    const row = await userById(owner.id);
    const usersBefore = await getDb().selectFrom("users").select("id").execute();
    for (const claims of [
      { email: row?.email ?? "", email_verified: false },
      { email: `${unique("free")}@example.com`, email_verified: false },
      { email: `${unique("free")}@example.com` },
      { preferred_username: unique("nomail") },
    ]) {
      const sub = providerUser(claims);
      const res = await exchange(grantOf(await provider.authorize(sub)));
      expect(problem(res, 401).detail).toBe(
        `Sign-in with '${NAME}' failed: the provider did not say the e-mail address is verified.`,
      );
      expect(await identitiesOf(sub)).toEqual([]);
    }
    expect(await getDb().selectFrom("users").select("id").execute()).toHaveLength(usersBefore.length);
  });

  it("refuses a wrong code_verifier, a used code, a forged code and a wrong or missing nonce (401)", async () => {
    const sub = providerUser({ email: `${unique("r")}@example.com`, email_verified: true });
    const auth = await provider.authorize(sub);
    const wrongVerifier = await exchange({ ...grantOf(auth), code_verifier: "x".repeat(43) });
    expect(problem(wrongVerifier, 401).detail).toMatch(failedSentence);
    expect(wrongVerifier.body.detail).not.toContain(auth.code);

    const good = await provider.authorize(sub);
    expect((await exchange(grantOf(good))).status).toBe(200);
    const reused = await exchange(grantOf(good));
    expect(problem(reused, 401).detail).toBe(
      `Sign-in with '${NAME}' failed: the provider refused the code (invalid_grant).`,
    );

    const forged = await exchange({ ...grantOf(good), code: "forged-code-that-no-provider-issued" });
    expect(problem(forged, 401).detail).toMatch(failedSentence);

    const wrongNonce = await exchange({ ...grantOf(await provider.authorize(sub)), nonce: "not-the-nonce" });
    expect(problem(wrongNonce, 401).detail).toBe(
      `Sign-in with '${NAME}' failed: the ID token's nonce does not match.`,
    );
    const { nonce: _, ...noNonce } = grantOf(await provider.authorize(sub));
    expect(problem(await exchange(noNonce), 401).detail).toMatch(failedSentence);

    // An `iss` other than the provider's, as a mix-up would bring (RFC 9207).
    const mixUp = await exchange({
      ...grantOf(await provider.authorize(sub)),
      iss: "https://evil.example.com",
    });
    expect(problem(mixUp, 401).detail).toMatch(failedSentence);
    expect(await identitiesOf(sub)).toHaveLength(1);
  });

  it("accepts the iss the provider sent to the redirect URI", async () => {
    const sub = providerUser({ email: `${unique("i")}@example.com`, email_verified: true });
    const auth = await provider.authorize(sub);
    expect(auth.iss).toBe(provider.issuer);
    expect((await exchange({ ...grantOf(auth), iss: auth.iss })).status).toBe(200);
  });

  it("names missing fields (422) and refuses a redirect_uri outside the web app (422)", async () => {
    const missing = await exchange({ code: "abc" });
    expect(problem(missing, 422).errors).toEqual([
      { path: "code_verifier", message: "Required." },
      { path: "redirect_uri", message: "Required." },
    ]);
    const short = await exchange({ code: "abc", code_verifier: "short", redirect_uri: REDIRECT_URI });
    expect(problem(short, 422).errors).toEqual([expect.objectContaining({ path: "code_verifier" })]);
    for (const redirect_uri of [
      "https://evil.example.com/login/callback",
      "http://localhost:8001/login/callback",
      "http://user@localhost:8000/login/callback",
      "not a url",
    ]) {
      const res = await exchange({ code: "abc", code_verifier: "v".repeat(43), redirect_uri });
      expect(problem(res, 422).errors).toEqual([expect.objectContaining({ path: "redirect_uri" })]);
    }
  });

  it("is 400 without a configured provider", async () => {
    configure(undefined);
    const res = await exchange({ code: "abc", code_verifier: "v".repeat(43), redirect_uri: REDIRECT_URI });
    expect(problem(res, 400).detail).toBe(
      "Grant type 'authorization_code' is not supported: no sign-in provider is configured.",
    );
  });

  it("is 503 when the provider does not answer", async () => {
    const down = `http://127.0.0.1:${await freePort()}`;
    configure({ issuer: down, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, name: NAME });
    const res = await exchange({ code: "abc", code_verifier: "v".repeat(43), redirect_uri: REDIRECT_URI });
    expect(problem(res, 503).detail).toBe(
      `Sign-in with '${NAME}' is unavailable: the provider did not answer.`,
    );
  });

  it("throttles exchanges per client network (429 with Retry-After), before asking the provider", async () => {
    const address = newAddress();
    const forged = { code: "forged", code_verifier: "v".repeat(43), redirect_uri: REDIRECT_URI };
    for (let i = 0; i < OIDC_LIMIT.max; i++) expect((await exchange(forged, address)).status).toBe(401);
    const sub = providerUser({ email: `${unique("t")}@example.com`, email_verified: true });
    const refused = await exchange(grantOf(await provider.authorize(sub)), address);
    expect(problem(refused, 429).detail).toMatch(/^Too many sign-in attempts\. Try again in \d+ seconds\.$/);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(await identitiesOf(sub)).toEqual([]);
    // Another network is not held up.
    expect((await exchange(grantOf(await provider.authorize(sub)))).status).toBe(200);
  });
});

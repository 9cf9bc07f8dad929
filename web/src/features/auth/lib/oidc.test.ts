import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { beginSignIn, CallbackError, callbackUrl, codeChallenge, finishSignIn, randomText } from "./oidc.ts";

const provider = {
  authorization_endpoint: "https://id.example.com/authorize?tenant=home",
  client_id: "recipes",
  scopes: "openid email profile",
};

describe("PKCE", () => {
  it("makes a 43-character verifier and its S256 challenge: base64url(SHA-256(verifier))", async () => {
    expect(randomText(32)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(randomText(32)).not.toBe(randomText(32));
    const verifier = randomText(32);
    expect(await codeChallenge(verifier)).toBe(createHash("sha256").update(verifier).digest("base64url"));
  });
});

describe("the round trip through the provider", () => {
  it("sends the browser to the provider with what it keeps, and takes it back once", async () => {
    const storage = window.sessionStorage;
    const url = new URL(await beginSignIn(provider, "/recipes/5", storage));
    expect(url.origin + url.pathname).toBe("https://id.example.com/authorize");
    const params = Object.fromEntries(url.searchParams);
    expect(params).toMatchObject({
      tenant: "home",
      response_type: "code",
      client_id: "recipes",
      redirect_uri: callbackUrl(),
      scope: "openid email profile",
      code_challenge_method: "S256",
    });
    const kept = JSON.parse(storage.getItem("recipes.oidc-sign-in") ?? "{}");
    expect(params.state).toBe(kept.state);
    expect(params.nonce).toBe(kept.nonce);
    expect(params.code_challenge).toBe(await codeChallenge(kept.codeVerifier));

    const back = finishSignIn(
      { code: "the-code", state: params.state, iss: "https://id.example.com" },
      storage,
    );
    expect(back).toEqual({
      grant: {
        grant_type: "authorization_code",
        code: "the-code",
        code_verifier: kept.codeVerifier,
        redirect_uri: callbackUrl(),
        nonce: kept.nonce,
        iss: "https://id.example.com",
      },
      redirect: "/recipes/5",
    });
    // Spent: the same answer again (a reload, a replay) is refused.
    expect(() => finishSignIn({ code: "the-code", state: params.state }, storage)).toThrow(CallbackError);
  });

  it("refuses another state, a missing code and the provider's error", async () => {
    const storage = window.sessionStorage;
    const state = new URL(await beginSignIn(provider, undefined, storage)).searchParams.get("state") ?? "";
    expect(() => finishSignIn({ code: "c", state: "forged" }, storage)).toThrow(/not started in this tab/);

    await beginSignIn(provider, undefined, storage);
    expect(() => finishSignIn({ state }, storage)).toThrow(/not started in this tab|no code/);

    const fresh = new URL(await beginSignIn(provider, undefined, storage)).searchParams.get("state") ?? "";
    expect(() => finishSignIn({ state: fresh }, storage)).toThrow("The provider sent no code. Start again.");

    await beginSignIn(provider, undefined, storage);
    expect(() => finishSignIn({ error: "access_denied" }, storage)).toThrow(
      "Sign-in was cancelled at the provider.",
    );
    expect(storage.getItem("recipes.oidc-sign-in")).toBeNull();
  });
});

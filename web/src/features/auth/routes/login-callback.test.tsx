import { screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from "vitest";
import { api } from "../../../lib/api/client.ts";
import { auth } from "../../../lib/auth.ts";
import { fakeToken, renderInApp } from "../../../lib/testing.tsx";
import { beginSignIn, callbackUrl } from "../lib/oidc.ts";
import { LoginCallbackPage } from "./login-callback.tsx";

const ISSUER = "https://id.example.com";
const provider = {
  authorization_endpoint: `${ISSUER}/authorize`,
  client_id: "recipes",
  scopes: "openid email profile",
};

let post: MockInstance<typeof api.POST>;
beforeEach(() => {
  post = vi.spyOn(api, "POST");
});
afterEach(() => {
  vi.restoreAllMocks();
  auth.signOut();
  sessionStorage.clear();
});

/** Leaves for the provider as the log-in page does (to come back to `redirect`): what this tab kept. */
async function leaveForProvider(redirect?: string) {
  const url = new URL(await beginSignIn(provider, redirect));
  const kept = JSON.parse(sessionStorage.getItem("recipes.oidc-sign-in") ?? "{}");
  return { state: url.searchParams.get("state") ?? "", nonce: kept.nonce, codeVerifier: kept.codeVerifier };
}

/** The provider sends the browser back with these query parameters. */
function comeBack(params: Record<string, string>) {
  const url = `/login/callback?${new URLSearchParams(params)}`;
  return renderInApp(<LoginCallbackPage />, { path: "/login/callback", url });
}

/** The failure the page shows, and the way back to the log-in page. */
async function expectRefusal(sentence: string) {
  expect(await screen.findByRole("alert")).toHaveTextContent(sentence);
  expect(screen.getByRole("link", { name: "Back to log in" })).toHaveAttribute("href", "/login");
}

describe("the page the provider sends the browser back to", () => {
  it("posts the code with what this tab kept, starts the session and returns to the page asked for", async () => {
    const { state, nonce, codeVerifier } = await leaveForProvider("/my-recipes");
    post.mockResolvedValue({
      data: {
        access_token: fakeToken(7),
        token_type: "bearer",
        expires_in: 1800,
        refresh_token: "refresh-7",
        refresh_expires_in: 5_184_000,
      },
      response: new Response(null, { status: 200 }),
    } as never);
    comeBack({ code: "the-code", state, iss: ISSUER });

    expect(await screen.findByText("Page at /my-recipes")).toBeVisible();
    expect(post).toHaveBeenCalledTimes(1);
    expect(post).toHaveBeenCalledWith("/api/v1/auth/token", {
      body: {
        grant_type: "authorization_code",
        code: "the-code",
        code_verifier: codeVerifier,
        redirect_uri: callbackUrl(),
        nonce,
        iss: ISSUER,
      },
    });
    expect(auth.state().session?.userId).toBe(7);
    // Spent: the kept state cannot be used a second time.
    expect(sessionStorage.getItem("recipes.oidc-sign-in")).toBeNull();
  });

  it("refuses a state this tab did not send, and posts nothing", async () => {
    const { state } = await leaveForProvider();
    comeBack({ code: "the-code", state: `${state}-changed`, iss: ISSUER });
    await expectRefusal("This sign-in was not started in this tab, or it was already used. Start again.");
    expect(post).not.toHaveBeenCalled();
    expect(auth.state().session).toBeNull();
  });

  it("refuses a way back when this tab kept nothing (another tab, or used already), and posts nothing", async () => {
    comeBack({ code: "the-code", state: "some-state", iss: ISSUER });
    await expectRefusal("This sign-in was not started in this tab, or it was already used. Start again.");
    expect(post).not.toHaveBeenCalled();
  });

  it("says the sign-in was cancelled when the provider answers access_denied, and posts nothing", async () => {
    const { state } = await leaveForProvider();
    comeBack({ error: "access_denied", state });
    await expectRefusal("Sign-in was cancelled at the provider.");
    expect(post).not.toHaveBeenCalled();
    expect(sessionStorage.getItem("recipes.oidc-sign-in")).toBeNull();
  });

  it("shows the API's sentence when it refuses the code", async () => {
    const { state } = await leaveForProvider();
    const detail = "Sign-in with 'Home ID' failed: the provider refused the code (invalid_grant).";
    post.mockResolvedValue({
      error: { type: "about:blank", title: "Unauthorized", status: 401, detail },
      response: new Response(null, { status: 401 }),
    } as never);
    comeBack({ code: "a-used-code", state, iss: ISSUER });
    await expectRefusal(detail);
    expect(post).toHaveBeenCalledTimes(1);
    expect(auth.state().session).toBeNull();
  });
});

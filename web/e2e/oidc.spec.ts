/**
 * Issue 38, item 3: signing in with the household's identity provider, in the browser, through a
 * real OpenID Connect provider (oidc-provider.ts, started by the global setup): "Sign in with …" on
 * the log-in page, the provider's own log-in and consent pages, back to /login/callback and signed
 * in. The first sign-in creates the account (the provider says the e-mail is verified, and no
 * account has it); a second one, from another browser, reaches the same account. A callback whose
 * `state` was tampered with exchanges nothing and says so, with the way back. axe on the log-in page
 * with the button and on the callback's error.
 */
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { expectAccessible, newAccount, pageToken } from "./helpers.ts";

/** The provider the API offers (the global setup configures one). */
async function providerName(request: APIRequestContext): Promise<string> {
  const response = await request.get("/api/v1/auth/providers");
  expect(response.ok()).toBe(true);
  const { items } = (await response.json()) as { items: { name: string }[] };
  expect(items).toHaveLength(1);
  return items[0]?.name ?? "";
}

/** From the app's log-in page through the provider's pages (any password: it checks none). */
async function signInAtProvider(page: Page, name: string, login: string) {
  await page.getByRole("button", { name: `Sign in with ${name}` }).click();
  await page.getByPlaceholder("Enter any login").fill(login);
  await page.getByPlaceholder("and password").fill("whatever the provider asks");
  await page.getByRole("button", { name: "Sign-in" }).click();
  await page.getByRole("button", { name: "Continue" }).click();
}

async function me(request: APIRequestContext, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const user = await request.get("/api/v1/users/me", { headers });
  expect(user.ok()).toBe(true);
  const sessions = await request.get("/api/v1/users/me/sessions", { headers });
  expect(sessions.ok()).toBe(true);
  return {
    user: (await user.json()) as { id: number; username: string; email?: string },
    sessions: ((await sessions.json()) as { items: { via: string; current: boolean }[] }).items,
  };
}

test("a person with no account signs in with the household's provider, and again from another browser", async ({
  page,
  browser,
  request,
}) => {
  const name = await providerName(request);
  const { username: login } = newAccount("oidc");

  await page.goto("/login?redirect=%2Fmy-recipes");
  await expect(page.getByRole("button", { name: `Sign in with ${name}` })).toBeVisible();
  await expectAccessible(page);
  await signInAtProvider(page, name, login);

  await expect(page).toHaveURL(/\/my-recipes$/);
  await expect(page.locator(".account-name")).toHaveText(login);
  const first = await me(request, await pageToken(page));
  expect(first.user.username).toBe(login);
  expect(first.user.email).toBe(`${login}@oidc.example`);
  expect(first.sessions).toEqual([expect.objectContaining({ via: "oidc", current: true })]);

  // The same provider user on another device: no account made, the same one signed in.
  const other = await browser.newContext();
  const phone = await other.newPage();
  await phone.goto("/login");
  await signInAtProvider(phone, name, login);
  await expect(phone).toHaveURL(/\/$/);
  await expect(phone.locator(".account-name")).toHaveText(login);
  const second = await me(request, await pageToken(phone));
  expect(second.user.id).toBe(first.user.id);
  expect(second.sessions.map((s) => s.via)).toEqual(["oidc", "oidc"]);
  await other.close();
});

test("a callback whose state was tampered with exchanges nothing and offers the way back to log in", async ({
  page,
  request,
}) => {
  const name = await providerName(request);
  // The state changed on its way through the provider: the callback brings back another one than
  // this tab kept. (The provider's redirect to the callback is a hop of a redirect chain, which
  // page.route never sees, so the authorization request that starts the chain is changed instead.)
  await page.route(
    (url) => url.pathname === "/auth" && url.searchParams.has("state"),
    async (route) => {
      const url = new URL(route.request().url());
      const state = url.searchParams.get("state") ?? "";
      if (state.endsWith("-tampered")) return route.continue();
      url.searchParams.set("state", `${state}-tampered`);
      return route.fulfill({ status: 302, headers: { location: url.href } });
    },
  );
  const exchanges: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && r.url().includes("/api/v1/auth/token")) exchanges.push(r.url());
  });

  await page.goto("/login");
  await signInAtProvider(page, name, newAccount("oidc-tamper").username);

  await expect(page).toHaveURL(/\/login\/callback\?.*state=[^&]*-tampered/);
  await expect(page.getByRole("alert")).toHaveText(
    "This sign-in was not started in this tab, or it was already used. Start again.",
  );
  await expectAccessible(page);
  expect(exchanges).toEqual([]);
  await expect(page.locator(".account-name")).toHaveCount(0);

  await page.getByRole("link", { name: "Back to log in" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("button", { name: `Sign in with ${name}` })).toBeVisible();
});

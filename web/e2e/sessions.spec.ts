/**
 * Issue 38, item 2: the web app never logs a person out by the clock. Signed in, the clock moved past
 * the 30-minute access token: the app renews its session and still works (a tick goes out); a
 * session ended from another browser is signed out at once on its next request; the account page
 * lists the sessions and signs another one out. axe on the account page.
 */
import { expect, test } from "@playwright/test";
import { expectAccessible, logInAs, newAccount, pageToken } from "./helpers.ts";

async function account(request: import("@playwright/test").APIRequestContext) {
  const person = newAccount("stay");
  expect((await request.post("/api/v1/users", { data: person })).status()).toBe(201);
  const login = await request.post("/api/v1/auth/token", {
    data: { username: person.username, password: person.password },
  });
  const { access_token } = (await login.json()) as { access_token: string };
  return { ...person, headers: { authorization: `Bearer ${access_token}` } };
}

test("signed in, 45 minutes later the app still works and a tick goes out with a renewed token", async ({
  page,
  request,
}) => {
  const sam = await account(request);
  const created = await request.post("/api/v1/shopping-lists", {
    headers: sam.headers,
    data: { name: "Week" },
  });
  const { id } = (await created.json()) as { id: number };
  await request.post(`/api/v1/shopping-lists/${id}/items`, { headers: sam.headers, data: { name: "Flour" } });

  await page.clock.install();
  await logInAs(page, request, { username: sam.username, password: sam.password });
  await page.goto(`/lists/${id}`);
  await expect(page.getByRole("checkbox", { name: /^Flour/ })).toBeVisible();
  const first = await pageToken(page);

  await page.clock.fastForward("45:00");
  await page.clock.runFor(1_000);
  const tick = page.waitForRequest(
    (r) => r.method() === "PUT" && r.url().includes(`/shopping-lists/${id}/items/`),
  );
  await page.getByRole("checkbox", { name: /^Flour/ }).check();
  const sent = await tick;
  expect(await sent.headerValue("authorization")).toMatch(/^Bearer /);
  expect(await sent.headerValue("authorization")).not.toBe(`Bearer ${first}`);
  await expect
    .poll(async () => {
      const list = await request.get(`/api/v1/shopping-lists/${id}`, { headers: sam.headers });
      return JSON.stringify(await list.json()).includes('"checked":true');
    })
    .toBe(true);
  await expect(page).toHaveURL(new RegExp(`/lists/${id}$`));
  await expect(page.locator(".session-notice")).toHaveCount(0);
});

test("a session ended from another browser is signed out on its next request; the account page lists the sessions and signs one out", async ({
  page,
  browser,
  request,
}) => {
  const sam = await account(request);
  await logInAs(page, request, { username: sam.username, password: sam.password });
  await page.goto("/account");
  const sessions = page.getByRole("region", { name: "Where you're signed in" });
  await expect(sessions.getByText("This device")).toBeVisible();

  // A second browser (Sam's other phone) signs in too.
  const other = await browser.newContext();
  const phone = await other.newPage();
  await logInAs(phone, request, { username: sam.username, password: sam.password });
  await phone.goto("/my-recipes");
  await expect(phone.getByRole("heading", { level: 1, name: "My recipes" })).toBeVisible();

  await page.reload();
  const others = sessions.getByRole("button", { name: /^Sign out/ });
  await expect(others).toHaveCount(2); // the phone's, and the test's own API login
  await expect(sessions.getByText(/Last used/).first()).toBeVisible();
  await expectAccessible(page);

  // Sign out every other session from the account page; the phone is asked to log in at once.
  while ((await others.count()) > 0) {
    const before = await others.count();
    await others.first().click();
    await expect(others).toHaveCount(before - 1);
  }
  await phone.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Lists" }).click();
  await expect(phone).toHaveURL(/\/login\?.*expired=true/);
  await expect(phone.getByText("Your session has expired.")).toBeVisible();
  await other.close();

  // Ended through the API from elsewhere: this page is signed out on its next request.
  const list = await request.get("/api/v1/users/me/sessions", { headers: sam.headers }).catch(() => null);
  expect(list?.status()).toBe(401); // the test's own session was signed out above too
});

/**
 * Issue 38, item 4: a token for scripts made on the account page, shown once and copied, adds an item
 * to a list the way curl or Home Assistant would (an HTTP client with `Authorization: Bearer rst_…`),
 * is listed with its last use, and stops at once when deleted. axe on the account page.
 */
import { expect, test } from "@playwright/test";
import { expectAccessible, logInAs, newAccount } from "./helpers.ts";

test("a token made on the account page adds an item from a script, and stops when deleted", async ({
  page,
  request,
  context,
}) => {
  const person = newAccount("script");
  expect((await request.post("/api/v1/users", { data: person })).status()).toBe(201);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await logInAs(page, request, { username: person.username, password: person.password });
  await page.goto("/account");
  const section = page.getByRole("region", { name: "Tokens for scripts" });
  await expect(section.getByText("You have no tokens.")).toBeVisible();

  await section.getByLabel("Name").fill("Home Assistant");
  await section.getByRole("radio", { name: "Read and change" }).check();
  await section.getByRole("button", { name: "Make a token" }).click();
  const shown = section.locator(".token-value");
  await expect(shown).toHaveText(/^rst_[A-Za-z0-9_-]{43}$/);
  const token = (await shown.textContent()) ?? "";
  await section.getByRole("button", { name: "Copy the token" }).click();
  await expect(section.getByRole("button", { name: "Copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
  await expect(section.getByRole("listitem").filter({ hasText: "Home Assistant" })).toContainText(
    "Read and change · never used",
  );
  await expectAccessible(page);

  // The script: no session, no password, just the token.
  const script = { authorization: `Bearer ${token}` };
  const list = await request.post("/api/v1/shopping-lists", { headers: script, data: { name: "Shop" } });
  expect(list.status()).toBe(201);
  const { id } = (await list.json()) as { id: number };
  const milk = await request.post(`/api/v1/shopping-lists/${id}/items`, {
    headers: script,
    data: { name: "milk" },
  });
  expect(milk.status()).toBe(201);
  await page.goto(`/lists/${id}`);
  await expect(page.getByRole("checkbox", { name: /^milk/i })).toBeVisible();

  await page.goto("/account");
  const row = section.getByRole("listitem").filter({ hasText: "Home Assistant" });
  await expect(row).toContainText("last used");
  await row.getByRole("button", { name: "Delete the token “Home Assistant”" }).click();
  await expect(section.getByText("You have no tokens.")).toBeVisible();
  expect((await request.get("/api/v1/shopping-lists", { headers: script })).status()).toBe(401);
});

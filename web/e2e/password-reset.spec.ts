/**
 * Issue 38, item 5: a way back into a forgotten account. An admin makes a one-time reset link under
 * Users and passes it on; the person opens it on their own device, sees the password rule before
 * typing, chooses a new password (which signs them out everywhere) and logs in with it. The link then
 * works no more. axe on the admin's page with the link shown and on the reset page.
 */
import { expect, test } from "@playwright/test";
import { expectAccessible, logInAs, newAccount } from "./helpers.ts";

const DEV_ADMIN = { username: "dev-admin", password: "dev-admin-password" };
const NEW_PASSWORD = "a kettle of fish and chips";

test("an admin's reset link lets a person who forgot their password choose a new one", async ({
  page,
  request,
  browser,
  context,
}) => {
  const person = newAccount("forgot");
  expect((await request.post("/api/v1/users", { data: person })).status()).toBe(201);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await logInAs(page, request, DEV_ADMIN);
  await page.goto("/admin/users");

  // The accounts come a page at a time, oldest first: the new one may be further down.
  const row = page.locator(".user-row").filter({ hasText: person.username });
  await expect(page.locator(".user-row").first()).toBeVisible();
  for (let pages = 0; pages < 20 && !(await row.isVisible()); pages++) {
    await page.getByRole("button", { name: "Show more" }).click();
  }
  await row.getByRole("button", { name: `Reset password of ${person.username}` }).click();
  await expect(row.getByRole("heading", { name: `Password reset for ${person.username}` })).toBeFocused();
  const box = row.getByLabel(`Reset link for ${person.username}`);
  await expect(box).toHaveValue(/\/reset-password#reset_[A-Za-z0-9_-]{43}$/);
  const link = await box.inputValue();
  await expect(row.getByText(/^Send it to them yourself\. It works once, until /)).toBeVisible();
  await row.getByRole("button", { name: "Copy link" }).click();
  await expect(row.getByRole("status").filter({ hasText: "Copied the link." })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await expectAccessible(page);

  // The person, on their own phone, signed in nowhere.
  const phone = await (await browser.newContext()).newPage();
  await phone.goto(link);
  await expect(phone.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  const field = phone.getByLabel("New password");
  await expect(field).toHaveAccessibleDescription(
    "At least 12 characters, and not your username, your e-mail address or a common password.",
  );
  await expectAccessible(phone);
  // The header's "Log in" comes back here without the link's code (only the fragment holds it).
  await expect(phone.getByRole("link", { name: "Log in" })).toHaveAttribute(
    "href",
    "/login?redirect=%2Freset-password",
  );
  await field.fill(person.email); // long enough, but their own e-mail address: refused
  await phone.getByRole("button", { name: "Set the new password" }).click();
  await expect(phone.getByText("Must not be the same as the email address.")).toBeVisible();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await field.fill(NEW_PASSWORD);
  await phone.getByRole("button", { name: "Set the new password" }).click();
  await expect(phone.getByRole("heading", { name: "Your new password is set" })).toBeVisible();

  await phone.getByRole("main").getByRole("link", { name: "Log in" }).click();
  await phone.getByLabel("Username or email").fill(person.username);
  await phone.getByLabel("Password", { exact: true }).fill(NEW_PASSWORD);
  await phone.getByRole("main").getByRole("button", { name: "Log in" }).click();
  await expect(phone).not.toHaveURL(/\/login/);
  expect(
    (
      await request.post("/api/v1/auth/token", {
        data: { username: person.username, password: person.password },
      })
    ).status(),
  ).toBe(401);

  // A link works once.
  await phone.goto(link);
  await phone.getByLabel("New password").fill("yet another long password");
  await phone.getByRole("button", { name: "Set the new password" }).click();
  await expect(phone.getByRole("alert")).toContainText("This link has been used or has expired.");
  await phone.context().close();
});

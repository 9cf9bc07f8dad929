/**
 * Issue 39: the app in the cook's language. A German browser gets a German app (the header, the
 * navigation, <html lang>), with nothing wider than a 390 px phone on the pages a person opens first;
 * a French account gets French on a new device whose browser says English, and the choice made in
 * the picker follows the account. axe on the German pages. Screenshots in e2e/screenshots/.
 */
import { mkdirSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { expectAccessible, logInAs, newAccount, recipeId } from "./helpers.ts";

const SCREENSHOTS = new URL("./screenshots/", import.meta.url).pathname;
mkdirSync(SCREENSHOTS, { recursive: true });

const PHONE = { width: 390, height: 844 };

/** Whether anything makes the page wider than the screen, or a button's text is cut (wider than its box). */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const wide = document.documentElement.scrollWidth > window.innerWidth;
    const clipped = [...document.querySelectorAll("button, a.button")]
      .filter((el) => (el as HTMLElement).offsetParent !== null)
      .filter((el) => el.scrollWidth > el.clientWidth + 1)
      .map((el) => (el.textContent ?? "").trim());
    return { wide, clipped };
  });

test.describe("a German browser", () => {
  test.use({ locale: "de-DE", viewport: PHONE });

  test("gets a German app, and no page is wider than a 390 px phone", async ({ page, request }) => {
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.getByRole("link", { name: "Rezepte" }).first()).toBeVisible();
    await expect(page.getByRole("combobox", { name: "Sprache" })).toHaveValue("de");
    await expectAccessible(page);
    expect(await overflow(page)).toEqual({ wide: false, clipped: [] });
    await page.screenshot({ path: `${SCREENSHOTS}de-browse-390.png`, fullPage: true });

    await page.goto("/login");
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Log in");
    expect(await overflow(page)).toEqual({ wide: false, clipped: [] });

    const person = newAccount("de");
    expect((await request.post("/api/v1/users", { data: person })).status()).toBe(201);
    await logInAs(page, request, { username: person.username, password: person.password });
    for (const path of ["/lists", "/meal-plan", "/account", "/recipes/new", "/households"]) {
      await page.goto(path);
      await expect(page.locator("main h1").first()).toBeVisible();
      expect(await overflow(page), path).toEqual({ wide: false, clipped: [] });
      await expectAccessible(page);
    }
    await page.goto("/account");
    await page.screenshot({ path: `${SCREENSHOTS}de-account-390.png`, fullPage: true });
  });
});

test.describe("an English browser", () => {
  test.use({ locale: "en-US" });

  test("shows a French account in French on a new device, and the picker's choice follows the account", async ({
    page,
    request,
    browser,
  }) => {
    const person = newAccount("fr");
    expect((await request.post("/api/v1/users", { data: person })).status()).toBe(201);
    const tokens = await logInAs(page, request, { username: person.username, password: person.password });
    const saved = await request.put("/api/v1/users/preferences", {
      headers: { authorization: `Bearer ${tokens.access_token}` },
      data: { language: "fr" },
    });
    expect(saved.status()).toBe(200);

    await page.goto("/account");
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect(page.getByRole("combobox", { name: "Langue" })).toHaveValue("fr");
    await page.screenshot({ path: `${SCREENSHOTS}fr-account.png`, fullPage: true });

    // The picker: Svenska, saved on the account, so a second device opens in Swedish.
    await page.getByRole("combobox", { name: "Langue" }).selectOption("sv");
    await expect(page.locator("html")).toHaveAttribute("lang", "sv");
    await expect
      .poll(async () => {
        const me = await request.get("/api/v1/users/me", {
          headers: { authorization: `Bearer ${tokens.access_token}` },
        });
        return (await me.json()).language;
      })
      .toBe("sv");
    const other = await (await browser.newContext({ locale: "en-US" })).newPage();
    await logInAs(other, request, { username: person.username, password: person.password });
    await other.goto("/");
    await expect(other.locator("html")).toHaveAttribute("lang", "sv");
    await expect(other.getByRole("combobox", { name: "Språk" })).toHaveValue("sv");
    await other.context().close();
  });
});

test("a recipe in cups reads in grams and millilitres with Metric, in the language's spoons", async ({
  page,
  request,
}) => {
  const id = await recipeId(request, "Pancakes");
  await page.goto(`/recipes/${id}`);
  const readable = page.locator(".ingredient-readable");
  await expect(readable.first()).toHaveText("1 1/2 cups");
  await page.getByRole("radio", { name: "Metric" }).check();
  await expect(readable.first()).toHaveText("200 g");
  await expect(readable.nth(1)).toHaveText(/^\d+ ml$/); // milk pours
  await expect(readable.filter({ hasText: "tbsp" }).first()).toHaveText(/^2 tbsp/); // spoons stay spoons
  await expect(page.locator(".ingredient-grams").first()).toHaveText("200 g");
  await page.reload(); // a visitor's choice stays on this device
  await expect(page.getByRole("radio", { name: "Metric" })).toBeChecked();
  await expect(readable.first()).toHaveText("200 g");

  await page.getByRole("combobox", { name: "Language" }).selectOption("de");
  await expect(page.getByRole("radio", { name: "Metrisch" })).toBeChecked();
  await expect(readable.filter({ hasText: "EL" }).first()).toHaveText(/^2 EL/);
  await expectAccessible(page);
  await page.screenshot({ path: `${SCREENSHOTS}de-recipe-metric.png`, fullPage: true });

  await page.getByRole("radio", { name: "US" }).check();
  await expect(readable.first()).toHaveText("1 1/2 cups");
  await page.getByRole("radio", { name: "Wie geschrieben" }).check();
  await expect(readable.first()).toHaveText("1 1/2 cups");
});

/**
 * Issue 39: the app in the cook's language. A German browser gets a German app (the header, the
 * navigation, <html lang>), with nothing wider than a 390 px phone on the pages a person opens first;
 * a French account gets French on a new device whose browser says English, and the choice made in
 * the picker follows the account. axe on the German pages. Screenshots in e2e/screenshots/.
 */
import { mkdirSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { expectAccessible, logInAs, logInNewAccount, overflow, recipeId } from "./helpers.ts";

const SCREENSHOTS = new URL("./screenshots/", import.meta.url).pathname;
mkdirSync(SCREENSHOTS, { recursive: true });

const PHONE = { width: 390, height: 844 };

test.describe("a German browser", () => {
  test.use({ locale: "de-DE", viewport: PHONE });

  test("gets a German app, and no page is wider than a 390 px phone", async ({ page, request }) => {
    const fetched: string[] = [];
    page.on("request", (asked) => fetched.push(new URL(asked.url()).pathname));
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.getByRole("link", { name: "Rezepte" }).first()).toBeVisible();
    // Only the chosen language's words are fetched (item 4): German's, never English's.
    await expect.poll(() => fetched.some((path) => /\/words-de-first-/.test(path))).toBe(true);
    expect(fetched.filter((path) => /\/(words|_?food-names)-en/.test(path))).toEqual([]);
    await expect(page.getByRole("combobox", { name: "Sprache" })).toHaveValue("de");
    await expectAccessible(page);
    expect(await overflow(page)).toEqual({ wide: false, clipped: [] });
    await page.screenshot({ path: `${SCREENSHOTS}de-browse-390.png`, fullPage: true });

    await page.goto("/login");
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Log in");
    expect(await overflow(page)).toEqual({ wide: false, clipped: [] });

    await logInNewAccount(page, request, "de");
    for (const path of ["/lists", "/meal-plan", "/account", "/recipes/new", "/households"]) {
      await page.goto(path);
      await expect(page.locator("main h1").first()).toBeVisible();
      expect(await overflow(page), path).toEqual({ wide: false, clipped: [] });
      await expectAccessible(page);
    }
    await page.goto("/account");
    await expect(page.getByRole("radio", { name: "Metrisch" })).toBeVisible(); // the page, not a blank
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
    const { person, tokens } = await logInNewAccount(page, request, "fr");
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
    await other.screenshot({ path: `${SCREENSHOTS}sv-browse.png`, fullPage: true });
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

test.describe("a German reader of a recipe", () => {
  test.use({ locale: "de-DE" });

  test("sees the built-in foods by their German names (Sugar as Zucker), and each language's once chosen", async ({
    page,
    request,
  }) => {
    const id = await recipeId(request, "Pancakes"); // its lines name `Sugar`, `Flour`, `Egg`
    await page.goto(`/recipes/${id}`);
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    const names = page.locator(".ingredient-name > a:first-child");
    await expect(names.filter({ hasText: /^Zucker$/ })).toHaveCount(1);
    await expect(names.filter({ hasText: /^Mehl$/ })).toHaveCount(1);
    await expect(names.filter({ hasText: /^Sugar$/ })).toHaveCount(0);

    // Another language's names come with it; the ingredient is still the one stored as `Sugar`.
    await page.getByRole("combobox", { name: "Sprache" }).selectOption("fr");
    await expect(names.filter({ hasText: /^sucre$/ })).toHaveCount(1);
    await names.filter({ hasText: /^sucre$/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: "sucre" })).toBeVisible();
    await expect(page.getByText("Nom: Sugar")).toBeVisible();
  });
});

test("a shopping list of a recipe in cups reads in grams and millilitres for an account in metric", async ({
  page,
  request,
}) => {
  const { tokens } = await logInNewAccount(page, request, "metric");
  const headers = { authorization: `Bearer ${tokens.access_token}` };
  const saved = await request.put("/api/v1/users/preferences", { headers, data: { units: "metric" } });
  expect(saved.status()).toBe(200);
  const made = await request.post("/api/v1/shopping-lists", { headers, data: { name: "Breakfast" } });
  expect(made.ok()).toBe(true);
  const list = (await made.json()) as { id: number };
  const pancakes = await recipeId(request, "Pancakes"); // 1 1/2 cups of flour, 1 1/4 cups of milk
  const added = await request.post(`/api/v1/shopping-lists/${list.id}/recipes`, {
    headers,
    data: { recipe_id: pancakes },
  });
  expect(added.ok()).toBe(true);

  await page.goto(`/lists/${list.id}`);
  const amount = (name: string) => page.locator(".sl-item").filter({ hasText: name }).locator(".sl-readable");
  await expect(page.getByRole("radio", { name: "Metric" })).toBeChecked();
  await expect(amount("Flour")).toHaveText("200 g");
  await expect(amount("Milk")).toHaveText(/^\d+ ml$/); // milk pours
  await expect(amount("Sugar")).toHaveText(/^2 tbsp/); // spoons stay spoons
  await expectAccessible(page);
  await page.screenshot({ path: `${SCREENSHOTS}list-metric.png`, fullPage: true });

  // The list's switch is the account's: As written reads the cups again.
  await page.getByRole("radio", { name: "As written" }).check();
  await expect(amount("Flour")).toHaveText("1 1/2 cups");
  await expect
    .poll(async () => (await (await request.get("/api/v1/users/me", { headers })).json()).units)
    .toBe("as_written");
});

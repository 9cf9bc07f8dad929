/**
 * A recipe's history (issue 42, item 1) in Chromium against the real API: a new account writes a
 * recipe and edits it twice (through the API), opens History from the recipe's page, sees the two
 * changes, opens the first one (a line removed, one added), restores the first version, and the
 * recipe's page shows the old text again. axe on the history page, with a version open and without.
 */
import { mkdirSync } from "node:fs";
import { type APIRequestContext, expect, test } from "@playwright/test";
import { expectAccessible, logInAs, newAccount } from "./helpers.ts";

const SCREENSHOTS = new URL("./screenshots/", import.meta.url).pathname;
mkdirSync(SCREENSHOTS, { recursive: true });

type Account = { username: string; password: string; token: string };

async function createAccount(request: APIRequestContext, label: string): Promise<Account> {
  const account = newAccount(label);
  expect((await request.post("/api/v1/users", { data: account })).status()).toBe(201);
  const credentials = { username: account.username, password: account.password };
  const login = await request.post("/api/v1/auth/token", { data: credentials });
  const { access_token } = (await login.json()) as { access_token: string };
  return { ...credentials, token: access_token };
}

const as = (account: Account) => ({ headers: { authorization: `Bearer ${account.token}` } });

test("edit a recipe twice, see what the first edit changed, restore the first version", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const cook = await createAccount(request, "historian");
  const ingredients = (await (await request.get("/api/v1/ingredients?limit=2")).json()) as {
    items: { id: number; name: string }[];
  };
  const [flour, sugar] = ingredients.items;
  if (!flour || !sugar) throw new Error("The seeded service has fewer than two ingredients.");

  const title = `Grandma's cake ${Date.now().toString(36)}`;
  const first = {
    title,
    servings: 8,
    ingredients: [
      { ingredient_id: flour.id, amount_grams: 250, amount_readable: "250 g" },
      { ingredient_id: sugar.id, amount_grams: 200, amount_readable: "1 cup" },
    ],
    steps: [{ description: "Cream everything together." }, { description: "Bake for 40 minutes." }],
  };
  const created = await request.post("/api/v1/recipes", { ...as(cook), data: first });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  // Less sugar, then a shorter bake: two changes, each kept as a version.
  const lessSugar = {
    ...first,
    ingredients: [
      first.ingredients[0],
      { ingredient_id: sugar.id, amount_grams: 150, amount_readable: "¾ cup" },
    ],
  };
  expect((await request.put(`/api/v1/recipes/${id}`, { ...as(cook), data: lessSugar })).ok()).toBe(true);
  const shorterBake = {
    ...lessSugar,
    steps: [{ description: "Cream everything together." }, { description: "Bake for 35 minutes." }],
  };
  expect((await request.put(`/api/v1/recipes/${id}`, { ...as(cook), data: shorterBake })).ok()).toBe(true);

  await logInAs(page, request, { username: cook.username, password: cook.password });
  await page.goto(`/recipes/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await page.getByRole("link", { name: "History", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/recipes/${id}/history$`));
  await expect(page.getByRole("heading", { level: 1, name: `History of ${title}` })).toBeVisible();

  // Three versions, newest first: the two changes, and the recipe as first written.
  const versions = page.locator(".rh-list > li");
  await expect(versions).toHaveCount(3);
  await expect(versions.nth(0)).toContainText(`Changed by ${cook.username}: steps`);
  await expect(versions.nth(1)).toContainText(`Changed by ${cook.username}: ingredients`);
  await expect(versions.nth(2)).toContainText(`Written by ${cook.username}`);
  await expect(page.getByText(/^Changed by /)).toHaveCount(2);
  await expectAccessible(page);

  // The first change: the sugar line removed (struck through, said in words) and its new one added.
  await page.getByRole("link", { name: /^Version 2/ }).click();
  const changes = page.getByRole("region", { name: "What version 2 changed" });
  await expect(changes.getByRole("heading", { name: "Ingredients" })).toBeVisible();
  await expect(changes.locator("del")).toHaveCount(1);
  await expect(changes.locator("ins")).toHaveCount(1);
  await expect(changes.locator("del")).toContainText("Removed:");
  await expect(changes.locator("del")).toContainText("1 cup");
  await expect(changes.locator("ins")).toContainText("Added:");
  await expect(changes.locator("ins")).toContainText("¾ cup");
  await expect(changes.locator("del")).toHaveCSS("text-decoration-line", "line-through");
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SCREENSHOTS}recipe-history-diff-1280x900.png`, fullPage: true });

  // Restore the first version: asked first, then the recipe's page with the old text.
  await page.getByRole("link", { name: /^Version 1/ }).click();
  await expect(page.getByRole("region", { name: "What version 1 changed" })).toBeVisible();
  await page.getByRole("button", { name: "Restore this version" }).click();
  const dialog = page.getByRole("dialog", { name: "Restore version 1?" });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Restore", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/recipes/${id}$`));
  await expect(page.getByText("Bake for 40 minutes.")).toBeVisible();
  await expect(page.getByText("Bake for 35 minutes.")).toHaveCount(0);
  await expect(page.locator(".ingredient-readable", { hasText: "1 cup" })).toBeVisible();

  // History is never rewritten: the restore is a fourth version, by the cook, naming what it changed.
  const history = (await (await request.get(`/api/v1/recipes/${id}/revisions`)).json()) as {
    items: { revision: number; changes: string[]; user: { username: string } | null }[];
  };
  expect(history.items.map((item) => item.revision)).toEqual([4, 3, 2, 1]);
  expect(history.items[0]?.changes).toEqual(["ingredients", "steps"]);
  expect(history.items[0]?.user?.username).toBe(cook.username);
});

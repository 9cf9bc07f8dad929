/**
 * Issue 39, item 2: every page of the app in German (its words are the longest of the ten) on a
 * 390 px phone, with what a household has in it: a recipe and its cook mode, history and editor, the
 * catalogue, a store, a list with items, a meal plan with a meal, the cooked log, a household, the
 * admin's users. On each: nothing wider than the screen, no button whose text is cut, no English
 * heading left, axe. languages.spec.ts checks the pages a first visit opens.
 */
import { mkdirSync } from "node:fs";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { expectAccessible, firstId, logInAs, logInNewAccount, overflow, recipeId } from "./helpers.ts";

test.use({ locale: "de-DE", viewport: { width: 390, height: 844 } });

const SCREENSHOTS = new URL("./screenshots/", import.meta.url).pathname;
mkdirSync(SCREENSHOTS, { recursive: true });

const DEV_ADMIN = { username: "dev-admin", password: "dev-admin-password" };

/** Opens `path` as a person does, waits for its heading, and checks it fits, is German and passes axe. */
async function check(page: Page, path: string, heading?: RegExp, { navigation = true } = {}) {
  await page.goto(path);
  const h1 = page.locator("main h1").first();
  await expect(h1).toBeVisible();
  if (heading) await expect(h1).toHaveText(heading);
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  if (navigation) await expect(page.getByRole("link", { name: "Rezepte" }).first()).toBeVisible();
  expect(await overflow(page), path).toEqual({ wide: false, clipped: [] });
  await expectAccessible(page);
}

async function post(request: APIRequestContext, token: string, path: string, data: object) {
  const response = await request.post(`/api/v1/${path}`, {
    headers: { authorization: `Bearer ${token}` },
    data,
  });
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as { id: number };
}

test("an admin's pages: recipes, the catalogue, stores and users", async ({ page, request }) => {
  await logInAs(page, request, DEV_ADMIN);
  const pancakes = await recipeId(request, "Pancakes");
  const sugar = await request.get("/api/v1/ingredients?q=Sugar&limit=5");
  const ingredient = ((await sugar.json()) as { items: { id: number; name: string }[] }).items.find(
    (i) => i.name === "Sugar",
  );
  expect(ingredient).toBeDefined();
  const store = await firstId(request, "stores");
  const category = await firstId(request, "categories");

  await check(page, `/recipes/${pancakes}`);
  await expect(page.getByRole("radio", { name: "Metrisch" })).toBeVisible();
  await check(page, `/recipes/${pancakes}/cook`, undefined, { navigation: false }); // the kitchen's full screen
  await check(page, `/recipes/${pancakes}/history`, /Versionen|Verlauf/);
  await check(page, `/recipes/${pancakes}/edit`);
  await check(page, "/recipes/import");
  await check(page, "/my-recipes");
  await check(page, "/categories");
  await check(page, "/categories/new");
  await check(page, `/categories/${category}/edit`);
  await check(page, "/ingredients");
  await check(page, `/ingredients/${ingredient?.id}`, /^Zucker$/);
  await check(page, `/ingredients/${ingredient?.id}/edit`);
  await check(page, "/ingredients/new");
  await check(page, "/stores");
  await check(page, `/stores/${store}`);
  await check(page, `/stores/${store}/edit`);
  await check(page, "/stores/new");
  await check(page, "/admin/users");
});

test("a household's pages: a list with items, the meal plan, the cooked log, the household", async ({
  page,
  request,
}) => {
  const { tokens } = await logInNewAccount(page, request, "de-pages");
  const token = tokens.access_token;
  const pancakes = await recipeId(request, "Pancakes");
  const list = await post(request, token, "shopping-lists", { name: "Wocheneinkauf für die ganze Familie" });
  await post(request, token, `shopping-lists/${list.id}/recipes`, { recipe_id: pancakes });
  const household = await post(request, token, "households", { name: "Familie Müller-Lüdenscheidt" });
  const today = new Date().toISOString().slice(0, 10);
  await post(request, token, "meal-plan", { date: today, recipe_id: pancakes, meal: "dinner" });
  await post(request, token, `recipes/${pancakes}/cooked`, { date: today, servings: 4, note: "Sehr gut" });

  await check(page, "/lists");
  await check(page, `/lists/${list.id}`, /Wocheneinkauf/);
  await expect(page.locator(".sl-item").first()).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}de-list-390.png`, fullPage: true });
  // The bottom bar's long words break at their soft hyphen (Einkaufs-/listen) and keep their name.
  await expect(page.getByRole("link", { name: "Einkaufslisten", exact: true })).toBeVisible();
  await check(page, "/meal-plan");
  await check(page, "/cooked");
  await expect(page.getByRole("button", { name: /entfernen$/ })).toBeVisible();
  await check(page, "/households");
  await check(page, `/households/${household.id}`, /Müller-Lüdenscheidt/);
  await check(page, "/account");
  await check(page, "/recipes/new");
});

test("a visitor's pages: sign-up, log-in, a forgotten password", async ({ page }) => {
  await check(page, "/signup");
  await check(page, "/login");
  await check(page, "/reset-password");
});

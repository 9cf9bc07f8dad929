/**
 * Every page: axe finds no serious or critical violation, and a screenshot at phone and desktop
 * size (light, and dark for the main pages) lands in e2e/screenshots/ (ignored by git).
 */
import { mkdirSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { expectAccessible, firstId, logInAs, recipeId } from "./helpers.ts";

const SCREENSHOTS = new URL("./screenshots/", import.meta.url).pathname;
mkdirSync(SCREENSHOTS, { recursive: true });

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

type Ids = { pancakes: number; store: number; flour: number };

type PageCase = {
  name: string;
  path: (ids: Ids) => string;
  /** What must be on screen before the page counts as shown. */
  ready: (page: Page) => ReturnType<Page["locator"]>;
  signedIn?: boolean;
  dark?: boolean;
  /** Before opening the page (e.g. take the API away). */
  prepare?: (page: Page) => Promise<unknown>;
};

const h1 = (name: string | RegExp) => (page: Page) => page.getByRole("heading", { level: 1, name });

const PAGES: PageCase[] = [
  { name: "browse", path: () => "/", ready: (p) => p.locator(".card").first(), dark: true },
  { name: "browse-search", path: () => "/?q=pancakes", ready: (p) => p.locator(".card").first() },
  { name: "browse-empty", path: () => "/?q=zzzzunknown", ready: (p) => p.getByText("No recipes found") },
  { name: "recipe", path: (i) => `/recipes/${i.pancakes}`, ready: h1("Pancakes"), dark: true },
  {
    name: "recipe-1-serving",
    path: (i) => `/recipes/${i.pancakes}?servings=1`,
    ready: (p) => p.getByText("1 serving", { exact: true }),
  },
  {
    name: "recipe-8-servings",
    path: (i) => `/recipes/${i.pancakes}?servings=8`,
    ready: (p) => p.getByText("8 servings", { exact: true }),
  },
  {
    name: "cook",
    path: (i) => `/recipes/${i.pancakes}/cook?step=2`,
    ready: (p) => p.getByText("Step 2 of 3"),
    dark: true,
  },
  { name: "login", path: () => "/login", ready: h1("Log in") },
  { name: "login-expired", path: () => "/login?redirect=%2Fmy-recipes&expired=true", ready: h1("Log in") },
  { name: "signup", path: () => "/signup", ready: h1("Create an account") },
  { name: "my-recipes", path: () => "/my-recipes", ready: (p) => p.locator(".card").first(), signedIn: true },
  { name: "categories", path: () => "/categories", ready: (p) => p.locator(".tile").first() },
  { name: "ingredients", path: () => "/ingredients", ready: (p) => p.locator(".tile").first() },
  { name: "ingredient", path: (i) => `/ingredients/${i.flour}`, ready: h1("Flour") },
  { name: "stores", path: () => "/stores", ready: (p) => p.locator(".tile").first() },
  {
    name: "store",
    path: (i) => `/stores/${i.store}`,
    ready: (p) => p.locator(".shelves li").first(),
    dark: true,
  },
  { name: "not-found", path: () => "/no/such/page", ready: h1("Page not found") },
  {
    name: "api-down",
    path: () => "/",
    ready: (p) => p.getByRole("button", { name: "Try again" }),
    prepare: (page) => page.route("**/api/v1/**", (route) => route.abort("connectionrefused")),
  },
];

let ids: Ids;
test.beforeAll(async ({ request }) => {
  const flour = await request.get("/api/v1/ingredients?q=flour&limit=5");
  const flourId = ((await flour.json()) as { items: { id: number; name: string }[] }).items.find(
    (i) => i.name === "Flour",
  )?.id;
  ids = {
    pancakes: await recipeId(request, "Pancakes"),
    store: await firstId(request, "stores"),
    flour: flourId ?? 0,
  };
});

const shoot = (page: Page, name: string, suffix = "") => {
  const { width, height } = page.viewportSize() ?? { width: 0, height: 0 };
  return page.screenshot({ path: `${SCREENSHOTS}${name}-${width}x${height}${suffix}.png`, fullPage: true });
};

// One page load per page: the sizes and the colour scheme change in place (the layout is pure CSS).
for (const c of PAGES) {
  test(`${c.name}: accessible, screenshots`, async ({ page, request }) => {
    await page.setViewportSize(PHONE);
    if (c.signedIn) await logInAs(page, request);
    await c.prepare?.(page);
    await page.goto(c.path(ids));
    await expect(c.ready(page)).toBeVisible();
    await expectAccessible(page);
    await shoot(page, c.name);
    await page.setViewportSize(DESKTOP);
    await shoot(page, c.name);
    if (c.dark) {
      await page.emulateMedia({ colorScheme: "dark" });
      await expectAccessible(page);
      await shoot(page, c.name, "-dark");
      await page.setViewportSize(PHONE);
      await shoot(page, c.name, "-dark");
    }
  });
}

/**
 * Issue 40: the first screen comes with the page (first-screen.ts). With the app's code held back,
 * the browse page, a recipe page and a shopping list already show their frame, in the device's
 * language, signed in or not, under the page's Content-Security-Policy; when the code arrives, the
 * app draws the same frame in its place: nothing moves (no layout shift) and nothing is lost.
 */
import { expect, type Page, type Route, test } from "@playwright/test";
import { expectAccessible, logInAs, recipeId } from "./helpers.ts";

/** Holds the app's entry module back until `release()`: the page shows what its HTML alone shows. */
async function holdTheApp(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route: Route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** What a person sees and where: the header's box, the first heading's text and box. */
const frame = (page: Page) =>
  page.evaluate(() => {
    const box = (el: Element | null) => {
      const r = el?.getBoundingClientRect();
      return r && { x: r.x, y: r.y, width: r.width, height: r.height };
    };
    return {
      header: box(document.querySelector(".site-header")),
      nav: box(document.querySelector(".site-nav")),
    };
  });

/** The layout shifts the page has had so far (the CLS a person would feel), from the browser itself. */
const layoutShift = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[])
            total += entry.value;
        }).observe({ type: "layout-shift", buffered: true });
        setTimeout(() => resolve(total), 100);
      }),
  );

test.describe("a visitor", () => {
  test("sees the browse page's frame before the app's code, and the app takes it over in place", async ({
    page,
  }) => {
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/.test(message.text())) violations.push(message.text());
    });
    const release = await holdTheApp(page);
    await page.goto("/", { waitUntil: "domcontentloaded" });
    await expect(page.getByRole("heading", { level: 1, name: "Recipes" })).toBeVisible();
    await expect(
      page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Ingredients" }),
    ).toBeVisible();
    await expect(page.getByRole("searchbox", { name: "Search recipes" })).toBeVisible();
    await expect(page.locator(".card")).toHaveCount(0);
    await expectAccessible(page);
    const before = await frame(page);

    release();
    await expect(page.locator(".card").first()).toBeVisible();
    expect(await frame(page)).toEqual(before);
    expect(await layoutShift(page)).toBeLessThan(0.1);
    expect(violations).toEqual([]);
  });

  test("sees a recipe page's frame before the app's code, then the recipe", async ({ page, request }) => {
    const pancakes = await recipeId(request, "Pancakes");
    const release = await holdTheApp(page);
    await page.goto(`/recipes/${pancakes}`, { waitUntil: "domcontentloaded" });
    await expect(page.getByRole("link", { name: "Log in" })).toBeVisible();
    await expect(page.locator("main")).toBeAttached();
    const before = await frame(page);
    release();
    await expect(page.getByRole("heading", { level: 1, name: "Pancakes" })).toBeVisible();
    expect(await frame(page)).toEqual(before);
  });

  test("gets the frame in the browser's language", async ({ browser }) => {
    const context = await browser.newContext({ locale: "de-DE" });
    const page = await context.newPage();
    const release = await holdTheApp(page);
    await page.goto("/", { waitUntil: "domcontentloaded" });
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.getByRole("navigation").getByRole("link", { name: "Zutaten" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Anmelden" })).toBeVisible();
    const before = await frame(page);
    release();
    await expect(page.locator(".card").first()).toBeVisible();
    await expect(page.getByRole("navigation").getByRole("link", { name: "Zutaten" })).toBeVisible();
    expect(await frame(page)).toEqual(before);
    await context.close();
  });
});

test("someone signed in sees a shopping list's frame with their places, then the list", async ({
  page,
  request,
}) => {
  const answer = await logInAs(page, request);
  const headers = { authorization: `Bearer ${answer.access_token}` };
  const list = await request.post("/api/v1/shopping-lists", { data: { name: "First screen" }, headers });
  expect(list.status()).toBe(201);
  const { id } = (await list.json()) as { id: number };
  const pancakes = await recipeId(request, "Pancakes");
  expect(
    (
      await request.post(`/api/v1/shopping-lists/${id}/recipes`, { data: { recipe_id: pancakes }, headers })
    ).ok(),
  ).toBe(true);

  const release = await holdTheApp(page);
  await page.goto(`/lists/${id}`, { waitUntil: "domcontentloaded" });
  await expect(
    page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Shopping lists" }),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Log in" })).toHaveCount(0);
  const before = await frame(page);
  release();
  await expect(page.getByRole("heading", { level: 1, name: "First screen" })).toBeVisible();
  expect(await frame(page)).toEqual(before);
});

/**
 * The main navigation on a phone (issue 36, item 7: at 390 px the eleven tabs hid the shopping lists,
 * the meal plan and the household). At 390 × 844 the everyday places are on screen without
 * scrolling, either way, and each opens its page (marked as the current one); every other place is
 * behind "More", a disclosure button that opens by mouse and keyboard, closes with Escape (the focus
 * back on it) or a click elsewhere, and marks itself when the page open is one of its places. A wide
 * screen keeps one bar with every place and no "More". axe with the menu open and closed;
 * screenshots in e2e/screenshots/.
 */
import { mkdirSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { expectAccessible, logInAs } from "./helpers.ts";

const SCREENSHOTS = new URL("./screenshots/", import.meta.url).pathname;
mkdirSync(SCREENSHOTS, { recursive: true });

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const EVERYDAY = ["Recipes", "Shopping lists", "Meal plan", "Household"];
const MORE = ["My recipes", "New recipe", "Import", "Categories", "Ingredients", "Stores", "Account"];

const nav = (page: Page) => page.getByRole("navigation", { name: "Main" });
const link = (page: Page, name: string) => nav(page).getByRole("link", { name, exact: true });
const more = (page: Page) => nav(page).getByRole("button", { name: "More" });

/** Whether the page scrolls sideways (the old bar did: its last tabs were past the screen's edge). */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => {
    const bar = document.querySelector(".site-nav > ul");
    return (
      document.documentElement.scrollWidth > window.innerWidth ||
      (bar !== null && bar.scrollWidth > bar.clientWidth)
    );
  });

test("at 390 px the everyday places are on screen and open their pages; the rest is behind More", async ({
  page,
  request,
}) => {
  await logInAs(page, request);
  await page.setViewportSize(PHONE);
  await page.goto("/");
  await expect(page.locator(".card").first()).toBeVisible();

  for (const name of EVERYDAY) await expect(link(page, name)).toBeInViewport({ ratio: 1 });
  await expect(more(page)).toBeInViewport({ ratio: 1 });
  expect(await scrollsSideways(page)).toBe(false);
  // The other places are not in the row, not even for a screen reader, until More opens.
  for (const name of MORE) await expect(link(page, name)).toHaveCount(0);
  await expect(more(page)).toHaveAttribute("aria-expanded", "false");
  await expectAccessible(page);
  await page.screenshot({ path: `${SCREENSHOTS}nav-390x844.png` });

  for (const [name, path] of [
    ["Shopping lists", "/lists"],
    ["Meal plan", "/meal-plan"],
    ["Household", "/households"],
    ["Recipes", "/"],
  ] as const) {
    await link(page, name).click();
    await expect(page).toHaveURL((url) => url.pathname === path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(link(page, name)).toHaveAttribute("aria-current", "page");
    for (const other of EVERYDAY.filter((n) => n !== name)) {
      await expect(link(page, other)).not.toHaveAttribute("aria-current", "page");
    }
  }

  // More, by mouse: every other place, over the page.
  await more(page).click();
  await expect(more(page)).toHaveAttribute("aria-expanded", "true");
  for (const name of MORE) await expect(link(page, name)).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: `${SCREENSHOTS}nav-more-390x844.png` });
  // A click elsewhere closes it.
  await page.locator("main").click({ position: { x: 20, y: 400 } });
  await expect(more(page)).toHaveAttribute("aria-expanded", "false");
  await expect(link(page, "Stores")).toHaveCount(0);

  // By keyboard: Enter opens, Tab goes into it, Escape closes it and the focus is back on More.
  await more(page).focus();
  await page.keyboard.press("Enter");
  await expect(more(page)).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Tab");
  await expect(link(page, "My recipes")).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(more(page)).toHaveAttribute("aria-expanded", "false");
  await expect(more(page)).toBeFocused();

  // A place behind More opens its page; the menu closes, and More says the page is one of its own.
  await page.keyboard.press("Space");
  await link(page, "Stores").click();
  await expect(page.getByRole("heading", { level: 1, name: "Stores" })).toBeVisible();
  await expect(more(page)).toHaveAttribute("aria-expanded", "false");
  await expect(more(page)).toHaveAttribute("data-current", "true");
  await more(page).click();
  await expect(link(page, "Stores")).toHaveAttribute("aria-current", "page");
  await link(page, "Account").click();
  await expect(page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
  await expectAccessible(page);

  // A wide screen: one bar with every place by name, no More.
  await page.setViewportSize(DESKTOP);
  for (const name of [...EVERYDAY, ...MORE]) await expect(link(page, name)).toBeVisible();
  await expect(more(page)).toHaveCount(0);
  await expect(link(page, "Account")).toHaveAttribute("aria-current", "page");
  await expectAccessible(page);
});

test("signed out, a phone's row has room for every place: no More", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto("/stores");
  await expect(page.getByRole("heading", { level: 1, name: "Stores" })).toBeVisible();
  for (const name of ["Recipes", "Categories", "Ingredients", "Stores"]) {
    await expect(link(page, name)).toBeInViewport({ ratio: 1 });
  }
  await expect(link(page, "Stores")).toHaveAttribute("aria-current", "page");
  await expect(more(page)).toHaveCount(0);
  expect(await scrollsSideways(page)).toBe(false);
  await expectAccessible(page);
});

/**
 * Issue 42, items 3 and 4, in Chromium against the real API. Cook mode: the seeded tomato soup's
 * durations are buttons; two timers started on two steps are in the tray, still there after a reload
 * with less time left (they keep their end time), and the first rings when the page's clock reaches
 * its end (the tone's oscillators are counted; the clock is Playwright's, so no test waits minutes).
 * The meal plan's "Add to calendar": an address made, shown with Copy, read by a calendar (here
 * Playwright's request) as text/calendar, then removed, after which it answers 404. axe on both.
 */
import { expect, type Page, test } from "@playwright/test";
import { expectAccessible, logInAs, newAccount, recipeId } from "./helpers.ts";

const SCREENSHOTS = new URL("./screenshots/", import.meta.url).pathname;

test.use({ viewport: { width: 390, height: 844 } }); // a phone on the kitchen counter

/** The end times the page keeps (src/features/recipes/lib/timers.ts). */
const keptEnds = (page: Page) =>
  page.evaluate(() =>
    (JSON.parse(localStorage.getItem("recipes.timers") ?? "[]") as { id: string; endsAt: number }[]).map(
      (t) => [t.id, t.endsAt] as const,
    ),
  );

test("two cook-mode timers survive a reload with less time left, and the first one rings", async ({
  page,
  request,
}) => {
  const id = await recipeId(request, "Tomato soup");
  // Count the tones the page plays (Web Audio: one oscillator per beep).
  await page.addInitScript(() => {
    const w = window as unknown as { tones: number };
    w.tones = 0;
    const start = OscillatorNode.prototype.start;
    OscillatorNode.prototype.start = function (...args: Parameters<typeof start>) {
      w.tones += 1;
      return start.apply(this, args);
    };
  });
  await page.clock.install();
  await page.goto(`/recipes/${id}/cook`);

  // "Soften … in the oil for [10 minutes]."
  const step = page.locator(".cook-step-text");
  await expect(step).toContainText("Soften the chopped onion and garlic in the oil for 10 minutes.");
  await step.getByRole("button", { name: "Start timer: 10 minutes" }).click();
  const tray = page.getByRole("region", { name: "Timers" });
  await expect(tray.getByRole("listitem").filter({ hasText: "Step 1: 10 minutes" })).toBeVisible();
  await expect(
    page.getByRole("status").filter({ hasText: "Timer started: Step 1: 10 minutes" }),
  ).toBeAttached();

  await page.getByRole("button", { name: "Next" }).click();
  await expect(step).toContainText("simmer for 20 minutes");
  await step.getByRole("button", { name: "Start timer: 20 minutes" }).click();
  const first = tray.getByRole("listitem").filter({ hasText: "Step 1: 10 minutes" });
  const second = tray.getByRole("listitem").filter({ hasText: "Step 2: 20 minutes" });
  await expect(second).toBeVisible();
  await expect(first).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: `${SCREENSHOTS}cook-two-timers-390x844.png`, fullPage: false });

  const ends = await keptEnds(page);
  // One timer per step's words: the recipe, the step and where in its text the words start.
  expect(ends.map(([key]) => key)).toEqual([`${id}:1:51`, `${id}:2:49`]);

  // Two minutes on the page's clock, then a reload: the same end times, less time left.
  await page.clock.fastForward("02:00");
  await page.reload();
  await expect(first).toBeVisible();
  await expect(second).toBeVisible();
  expect(await keptEnds(page)).toEqual(ends);
  await expect(first.locator(".timer-clock")).toHaveText(/^[0-8]:\d\d$/);
  await expect(second.locator(".timer-clock")).toHaveText(/^1[0-8]:\d\d$/);

  // A press on the page lets it make sound again after the reload; then the first timer's end.
  await page.getByRole("heading", { level: 1 }).click();
  await page.clock.fastForward("08:30");
  await expect(page.getByRole("alert")).toHaveText("Time’s up: Step 1: 10 minutes");
  await expect(first).toContainText("Time’s up");
  await expect(first.locator(".timer-clock")).toHaveText("0:00");
  await expect(second.locator(".timer-clock")).toHaveText(/^\d+:\d\d$/);
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { tones: number }).tones))
    .toBeGreaterThan(0);

  // Cleared, it is gone; the other one runs on.
  await first.getByRole("button", { name: "Clear Step 1: 10 minutes" }).click();
  await expect(first).toHaveCount(0);
  await expect(second).toBeVisible();
});

test("a calendar address of the meal plan: made, read as iCalendar, removed and then 404", async ({
  page,
  request,
  context,
}) => {
  const person = newAccount("calendar");
  expect((await request.post("/api/v1/users", { data: person })).status()).toBe(201);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await logInAs(page, request, { username: person.username, password: person.password });
  await page.goto("/meal-plan");

  const section = page.getByRole("region", { name: "Add to calendar" });
  await expect(section.getByText("No calendar addresses yet.")).toBeVisible();
  await section.getByRole("button", { name: "Make a calendar address" }).click();
  const address = section.getByRole("textbox", { name: "Calendar address" });
  await expect(address).toHaveValue(/\/meal-plan\/calendar\.ics\?key=/);
  const url = await address.inputValue();
  await section.getByRole("button", { name: "Copy link" }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  for (const app of ["Google Calendar", "Apple Calendar", "Thunderbird"])
    await expect(section.getByText(app, { exact: true })).toBeVisible();
  const listed = section.getByRole("listitem").filter({ hasText: "Me and my households" });
  await expect(listed).toContainText("not read by a calendar yet");
  await expectAccessible(page);
  await page.screenshot({ path: `${SCREENSHOTS}meal-plan-calendar-390x844.png`, fullPage: true });

  // A calendar app reads the address without a token.
  const feed = new URL(url);
  const path = `${feed.pathname}${feed.search}`;
  const read = await request.get(path);
  expect(read.status()).toBe(200);
  expect(read.headers()["content-type"]).toMatch(/^text\/calendar/);
  expect(await read.text()).toMatch(/^BEGIN:VCALENDAR\r?\n/);

  await listed.getByRole("button", { name: /^Remove the calendar address “Me and my households”/ }).click();
  const dialog = page.getByRole("dialog", { name: "Remove this calendar address?" });
  await expect(dialog).toContainText("The address stops working at once");
  await dialog.getByRole("button", { name: "Remove" }).click();
  await expect(section.getByText("No calendar addresses yet.")).toBeVisible();
  expect((await request.get(path)).status()).toBe(404);
  await expectAccessible(page);
});

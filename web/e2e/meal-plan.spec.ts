/**
 * "Shop for these days" from a household's meals (issue 36, item 7) in Chromium against the real API:
 * anna and bob plan dinners for their household; anna's new list for those days is the household's
 * by default (so it gets bob's meal too, and bob sees the list), and made private instead it gets
 * only the meals anna planned. axe on the meal plan with the choice.
 */
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { addDays, dayName } from "../src/lib/dates.ts";
import { expectAccessible, logInAs, newAccount, recipeId } from "./helpers.ts";

/** A week of its own (a Monday years ahead), so a run never meets what another run planned. */
const WEEK = addDays("2031-03-03", 7 * Math.floor(Math.random() * 5000));

type Account = { username: string; password: string; token: string };

async function createAccount(request: APIRequestContext, label: string): Promise<Account> {
  const account = newAccount(label);
  const response = await request.post("/api/v1/users", { data: account });
  expect(response.status()).toBe(201);
  const credentials = { username: account.username, password: account.password };
  const login = await request.post("/api/v1/auth/token", { data: credentials });
  const { access_token } = (await login.json()) as { access_token: string };
  return { ...credentials, token: access_token };
}

const as = (account: Account) => ({ headers: { authorization: `Bearer ${account.token}` } });

type List = { household_id: number | null; recipes: { title: string }[] };

/** Adds the week to a list from the meal plan's "Shop for these days"; answers the list as the API holds it. */
async function shopTheWeek(page: Page, request: APIRequestContext, anna: Account): Promise<List> {
  await page.getByRole("button", { name: "Add these days to a shopping list" }).click();
  await expect(page).toHaveURL(/\/lists\/\d+$/);
  const listId = /\/lists\/(\d+)$/.exec(page.url())?.[1];
  const response = await request.get(`/api/v1/shopping-lists/${listId}`, as(anna));
  expect(response.ok()).toBe(true);
  return (await response.json()) as List;
}

test("shop for a household's days: the new list is the household's by default (its meals, its members), or private if chosen", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const home = `Smiths ${Date.now().toString(36)}`;
  const anna = await createAccount(request, "anna");
  const bob = await createAccount(request, "bob");
  const household = (await (
    await request.post("/api/v1/households", { ...as(anna), data: { name: home } })
  ).json()) as { id: number };
  const { code } = (await (
    await request.post(`/api/v1/households/${household.id}/invitations`, { ...as(anna), data: {} })
  ).json()) as { code: string };
  expect((await request.post("/api/v1/households/join", { ...as(bob), data: { code } })).ok()).toBe(true);
  // anna plans the soup for the household, bob the pancakes the day after.
  for (const [who, day, title] of [
    [anna, WEEK, "Tomato soup"],
    [bob, addDays(WEEK, 1), "Pancakes"],
  ] as const) {
    const planned = await request.post("/api/v1/meal-plan", {
      ...as(who),
      data: {
        date: day,
        meal: "dinner",
        recipe_id: await recipeId(request, title),
        household_id: household.id,
      },
    });
    expect(planned.status()).toBe(201);
  }

  await logInAs(page, request, { username: anna.username, password: anna.password });
  await page.goto(`/meal-plan?week=${WEEK}`);
  const tomorrow = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: dayName(addDays(WEEK, 1)) }) });
  await expect(tomorrow.getByRole("link", { name: "Pancakes" })).toBeVisible();
  const form = page.getByRole("form", { name: "Shop for these days" });
  await expect(form.getByLabel("Shopping list").locator("option:checked")).toHaveText(/^A new list “/);
  // The days' meals are the household's: so is the new list, unless anna says otherwise.
  const shared = form.getByRole("combobox", { name: "New list shared with" });
  await expect(shared.locator("option:checked")).toHaveText(home);
  await expect(shared).toHaveAccessibleDescription(/A household's list gets that household's meals/);
  await expectAccessible(page);

  const householdList = await shopTheWeek(page, request, anna);
  expect(householdList.household_id).toBe(household.id);
  expect(householdList.recipes.map((r) => r.title).sort()).toEqual(["Pancakes", "Tomato soup"]);
  await expect(page.getByLabel("Shared with", { exact: true })).toHaveValue(String(household.id));
  // bob, in the household, reads it too.
  expect(
    (await request.get(page.url().replace(/.*\/lists\//, "/api/v1/shopping-lists/"), as(bob))).ok(),
  ).toBe(true);

  // Private, chosen before it is made: only the meals anna planned.
  await page.goto(`/meal-plan?week=${WEEK}`);
  await expect(shared.locator("option:checked")).toHaveText(home);
  await shared.selectOption({ label: "Only me" });
  const ownList = await shopTheWeek(page, request, anna);
  expect(ownList.household_id).toBeNull();
  expect(ownList.recipes.map((r) => r.title)).toEqual(["Tomato soup"]);

  // An existing list stays whose it is: no choice is offered for it.
  await page.goto(`/meal-plan?week=${WEEK}`);
  await form.getByLabel("Shopping list").selectOption({ index: 1 });
  await expect(shared).toHaveCount(0);
});

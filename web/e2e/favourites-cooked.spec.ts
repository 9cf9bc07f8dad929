/**
 * Favourites, stars and what was cooked (issue 42, item 2) in Chromium against the real API: a new
 * account favourites a recipe from its card, "Favourites only" shows it, gives it 4 stars on its
 * page, notes "I made this" with a note, finds it in the Cooked log, and "Not made for a while"
 * puts a favourite never made before it. axe on the recipe page and the Cooked page.
 */
import { type APIRequestContext, expect, test } from "@playwright/test";
import { expectAccessible, logInAs, newAccount } from "./helpers.ts";

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

async function createRecipe(request: APIRequestContext, cook: Account, title: string): Promise<number> {
  const created = await request.post("/api/v1/recipes", {
    ...as(cook),
    data: { title, servings: 4, ingredients: [], steps: [{ description: "Bake for 40 minutes." }] },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

test("favourite from a card, rate it, “I made this”, the Cooked log, and what was not made for a while", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const cook = await createAccount(request, "regular");
  const run = Date.now().toString(36);
  const made = `Sunday loaf ${run}`;
  const neverMade = `Plum tart ${run}`;
  const madeId = await createRecipe(request, cook, made);
  const neverMadeId = await createRecipe(request, cook, neverMade);
  // The tart is a favourite already (through the API): both will be among the favourites.
  expect((await request.put(`/api/v1/recipes/${neverMadeId}/favourite`, as(cook))).status()).toBe(204);

  await logInAs(page, request, { username: cook.username, password: cook.password });

  // The heart on the loaf's card.
  await page.goto(`/?q=${encodeURIComponent(made)}`);
  const heart = page.getByRole("button", { name: `Favourite ${made}` });
  await expect(heart).toHaveAttribute("aria-pressed", "false");
  await heart.click();
  await expect(heart).toHaveAttribute("aria-pressed", "true");

  // "Favourites only" shows the loaf (and the tart), nothing else.
  await page.goto("/");
  await page.getByRole("checkbox", { name: "Favourites only" }).check();
  await expect(page).toHaveURL(/favourite=/);
  const cards = page.locator(".card-grid > .card");
  await expect(cards).toHaveCount(2);
  await expect(page.getByRole("heading", { level: 2, name: made })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: neverMade })).toBeVisible();

  // 4 stars on the loaf's page.
  await page.getByRole("link", { name: new RegExp(made) }).click();
  await expect(page.getByRole("heading", { level: 1, name: made })).toBeVisible();
  await expect(page.getByRole("button", { name: `Favourite ${made}` })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  const stars = page.getByRole("group", { name: "Your rating" });
  await stars.getByRole("radio", { name: "4 stars" }).check();
  await expect(page.getByText("4 ★ (1)")).toBeVisible();
  await expect(page.getByRole("button", { name: "Remove my rating" })).toBeVisible();
  const rating = await request.get(`/api/v1/recipes/${madeId}`, as(cook));
  expect(((await rating.json()) as { rating: unknown }).rating).toEqual({ average: 4, count: 1, mine: 4 });

  // "I made this", with a note.
  const form = page.getByRole("form", { name: "I made this" });
  await expect(form.getByLabel("Servings")).toHaveValue("4");
  await form.getByLabel("Note").fill("Crust darker next time");
  await form.getByRole("button", { name: "I made this" }).click();
  await expect(form.getByRole("status")).toContainText("Noted: made on");
  await expect(page.getByText("Last made today · once")).toBeVisible();
  await expectAccessible(page);

  // The Cooked log, from the navigation.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Cooked" }).click();
  await expect(page).toHaveURL(/\/cooked$/);
  await expect(page.getByRole("heading", { level: 1, name: "Cooked" })).toBeVisible();
  const entry = page.getByRole("article", { name: new RegExp(`^${made}, `) });
  await expect(entry).toContainText("4 servings");
  await expect(entry).toContainText("Crust darker next time");
  await expect(entry.getByRole("link", { name: made })).toHaveAttribute("href", `/recipes/${madeId}`);
  await expect(entry.getByRole("button", { name: /^Remove / })).toBeVisible();
  await expectAccessible(page);

  // Not made for a while: the never-made tart comes before the loaf made today.
  await page.goto("/?favourite=1");
  // The app has taken over from the first screen once the favourites are listed.
  await expect(cards).toHaveCount(2);
  await page.getByLabel("Sort").selectOption({ label: "Not made for a while" });
  await expect(page).toHaveURL(/sort=last_cooked/);
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0).getByRole("heading", { level: 2 })).toHaveText(neverMade);
  await expect(cards.nth(1).getByRole("heading", { level: 2 })).toHaveText(made);
});

import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, expect, type Page } from "@playwright/test";

export const DEV_USER = { username: "dev-user", password: "dev-user-password" };

/**
 * axe-core on the page as it is now: no serious or critical violation of WCAG 2.1 A/AA. Once the
 * page's fade-ins have ended (`.loading` appears after a moment): axe measures the contrast of a
 * text half faded in, which no one reads.
 */
export async function expectAccessible(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  const bad = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(bad, `axe on ${page.url()}`).toEqual([]);
}

/** The id of a seeded recipe, by its exact title. */
export async function recipeId(request: APIRequestContext, title: string): Promise<number> {
  const response = await request.get(`/api/v1/recipes?q=${encodeURIComponent(title)}&limit=20`);
  expect(response.ok()).toBe(true);
  const { items } = (await response.json()) as { items: { id: number; title: string }[] };
  const found = items.find((r) => r.title === title);
  if (!found) throw new Error(`No seeded recipe titled '${title}'.`);
  return found.id;
}

export async function firstId(request: APIRequestContext, path: string): Promise<number> {
  const response = await request.get(`/api/v1/${path}?limit=1`);
  const { items } = (await response.json()) as { items: { id: number }[] };
  if (!items[0]) throw new Error(`Nothing at /api/v1/${path}.`);
  return items[0].id;
}

/** A fresh account for a test; usernames are unique per run and worker. */
export function newAccount(label: string) {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const username = `${label}-${suffix}`.slice(0, 32);
  return { username, email: `${username}@example.com`, password: "a long enough password" };
}

/** Logs in through the API and stores the tokens where the app keeps them (as if logged in). */
export async function logInAs(page: Page, request: APIRequestContext, user = DEV_USER) {
  const response = await request.post("/api/v1/auth/token", { data: user });
  expect(response.ok()).toBe(true);
  const answer = (await response.json()) as {
    access_token: string;
    refresh_token: string;
    expires_in: number;
  };
  await page.addInitScript((answer) => {
    if (!sessionStorage.getItem("e2e.seeded")) {
      // As lib/auth.ts keeps a session: the pair, timed from expires_in on the page's clock.
      const expires_at = Date.now() + answer.expires_in * 1000;
      const session = { ...answer, expires_at, refresh_at: expires_at - 120_000 };
      localStorage.setItem("recipes.session", JSON.stringify(session));
      sessionStorage.setItem("e2e.seeded", "1");
    }
  }, answer);
  return answer;
}

/** A fresh account, made through the API and logged in on `page` (as logInAs does): the person and their tokens. */
export async function logInNewAccount(page: Page, request: APIRequestContext, label: string) {
  const person = newAccount(label);
  expect((await request.post("/api/v1/users", { data: person })).status()).toBe(201);
  const tokens = await logInAs(page, request, { username: person.username, password: person.password });
  return { person, tokens };
}

/** The access token the page holds now (lib/auth.ts keeps it with its refresh token). */
export async function pageToken(page: Page): Promise<string> {
  return page.evaluate(() => {
    const stored = localStorage.getItem("recipes.session") ?? "";
    return stored.startsWith("{") ? (JSON.parse(stored) as { access_token: string }).access_token : stored;
  });
}

/** A token with the API's claims whose expiry has passed (the signature never gets checked: the app drops it first). */
export function expiredToken(userId: number): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const now = Math.floor(Date.now() / 1000);
  return `${part({ alg: "HS256", typ: "JWT" })}.${part({ sub: String(userId), role: "user", iat: now - 3600, exp: now - 1800 })}.c2lnbmF0dXJl`;
}

/**
 * Picks up a sortable item by keyboard (Space on its focused handle) and waits until it listens for
 * the arrow keys. dnd-kit's keyboard sensor adds its key listener in a zero-delay timer after the
 * pickup, so an arrow key pressed before that timer has run is lost; a zero-delay timer set now runs
 * after it.
 */
export async function pickUpByKeyboard(page: Page): Promise<void> {
  await page.keyboard.press("Space");
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

/**
 * What makes the page wider than the screen (`wide`: false, or the first elements past its right
 * edge) and the buttons whose text is cut (wider than their box): `{ wide: false, clipped: [] }` on
 * a page that fits.
 */
export const overflow = (page: Page) =>
  page.evaluate(() => {
    const wider = [...document.querySelectorAll("body *")]
      .filter((el) => (el as HTMLElement).offsetParent !== null)
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
      .filter((el) => getComputedStyle(el).position !== "fixed")
      .map(
        (el) => `${el.tagName.toLowerCase()}.${el.className}: ${(el.textContent ?? "").trim().slice(0, 40)}`,
      );
    const wide = document.documentElement.scrollWidth > window.innerWidth;
    const clipped = [...document.querySelectorAll("button, a.button")]
      .filter((el) => (el as HTMLElement).offsetParent !== null)
      .filter((el) => el.scrollWidth > el.clientWidth + 1)
      .map((el) => (el.textContent ?? "").trim());
    return { wide: wide ? wider.slice(0, 5) : (false as const), clipped };
  });

/** Signs a new person up in the app's own form, as a person does; they are signed in afterwards. */
export async function signUp(page: Page, label: string) {
  const account = newAccount(label);
  await page.goto("/signup");
  await page.getByLabel("Username").fill(account.username);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign up" }).click();
  await expect(page.locator(".account-name")).toHaveText(account.username);
  return account;
}

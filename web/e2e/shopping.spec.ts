/**
 * The shopping journey of issue 15 in a real browser on the production build (the global setup
 * serves one, and only a production build has the service worker): plan two dinners → change one's
 * servings → add the week to a new list (the defaults of issue 28: from today or the week's first day
 * to come, a new list named after the days) → store mode in a seeded store walks its shelves in order
 * (the device's choice, then made the list's store) → offline (the network cut, no
 * browser event), check off three items → reload still offline, they stay checked → online again
 * (still no event), the changes reach the API. And the
 * lists themselves: make, rename, delete; free-text items, removing one; a recipe added (its dough
 * made) and taken back off.
 * axe on every page; screenshots at phone and desktop size in e2e/screenshots/ (ignored by git).
 */
import { mkdirSync } from "node:fs";
import { type APIRequestContext, type BrowserContext, expect, type Page, test } from "@playwright/test";
import { daysTitle } from "../src/features/shopping-lists/lib/days.ts";
import { addDays, dayName, today, weekTitle } from "../src/lib/dates.ts";
import { expectAccessible } from "./helpers.ts";

// The offline journey needs the service worker that the other specs block (playwright.config.ts).
test.use({ serviceWorkers: "allow" });

const SCREENSHOTS = new URL("./screenshots/", import.meta.url).pathname;
mkdirSync(SCREENSHOTS, { recursive: true });

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
/** A week of its own (a Monday years ahead), so a run never meets what another run planned. */
const WEEK = addDays("2030-03-04", 7 * Math.floor(Math.random() * 5000));
const TITLE = weekTitle(WEEK);
const LIST = daysTitle(WEEK, addDays(WEEK, 6), today().slice(0, 4));
const MARKET = `Market ${Date.now().toString(36)}`;
const RENAMED = `${MARKET} renamed`;
const ADMIN = { username: "dev-admin", password: "dev-admin-password" }; // owns the seeded stores

const shoot = async (page: Page, name: string) => {
  // From the top: a full-page picture taken while scrolled draws the sticky shelf names mid-list.
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `${SCREENSHOTS}${name}-${size.width}x${size.height}.png`, fullPage: true });
  }
  await page.setViewportSize(PHONE);
};

/** axe, then the two screenshots. */
const check = async (page: Page, name: string) => {
  await expectAccessible(page);
  await shoot(page, name);
};

async function token(request: APIRequestContext): Promise<string> {
  const response = await request.post("/api/v1/auth/token", { data: ADMIN });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { access_token: string }).access_token;
}

/**
 * How many changes the device keeps for later (lib/offline.ts writes the query cache, waiting changes
 * included, to IndexedDB through idb-keyval: database "keyval-store", store "keyval").
 */
function keptChanges(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open("keyval-store");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const read = open.result.transaction("keyval").objectStore("keyval").get("recipes.query-cache");
          read.onerror = () => reject(read.error);
          read.onsuccess = () => {
            const kept = read.result as { clientState?: { mutations?: unknown[] } } | undefined;
            resolve(kept?.clientState?.mutations?.length ?? 0);
            open.result.close();
          };
        };
      }),
  );
}

/**
 * The network as a dead connection: every request of the context (the service worker's included)
 * fails, and no online/offline event fires. The `request` fixture still reaches the API.
 */
async function cutNetwork(context: BrowserContext) {
  await context.route("**/*", (route) => route.abort("internetdisconnected"));
}

/**
 * The browser as issue 32 found Chromium 156 on a page a service worker controls: navigator.onLine
 * says false once the network went and stays so, and neither "offline" nor "online" reaches the app.
 * For this page and every page it loads from now on.
 */
async function silenceConnectionEvents(page: Page) {
  const silence = () => {
    Object.defineProperty(Navigator.prototype, "onLine", { configurable: true, get: () => false });
    for (const type of ["online", "offline"]) {
      window.addEventListener(type, (event) => event.stopImmediatePropagation(), { capture: true });
    }
  };
  await page.addInitScript(silence);
  await page.evaluate(silence);
}

async function logIn(page: Page, accessToken: string) {
  await page.addInitScript((t) => {
    if (!sessionStorage.getItem("e2e.seeded")) {
      localStorage.setItem("recipes.session", t);
      sessionStorage.setItem("e2e.seeded", "1");
    }
  }, accessToken);
}

test("plan two dinners → the week to a list → store mode in order → offline check-offs survive a reload and reach the API", async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(180_000);
  const accessToken = await token(request);
  await logIn(page, accessToken);
  await page.setViewportSize(PHONE);

  // This week, "Shop for these days" starts today (no past day), with a new list for those days.
  await page.goto("/meal-plan");
  await expect(page.getByLabel("From", { exact: true }).locator("option:checked")).toHaveText(
    dayName(today()),
  );
  await expect(page.getByLabel("Shopping list").locator("option:checked")).toHaveText(/^A new list “/);

  // Plan two dinners in the week view.
  await page.goto(`/meal-plan?week=${WEEK}`);
  await expect(page.getByRole("heading", { level: 1, name: "Meal plan" })).toBeVisible();
  await expect(page.getByText(TITLE, { exact: true })).toBeVisible();
  for (const [day, title] of [
    [dayName(WEEK), "Tomato soup"],
    [dayName(addDays(WEEK, 2)), "Spaghetti aglio e olio"],
  ] as const) {
    await page.getByRole("button", { name: `Add a meal on ${day}` }).click();
    await page.getByLabel("Find a recipe").fill(title);
    await expect(page.locator(".mp-result")).toHaveCount(1); // the search has answered
    await page.getByRole("button", { name: `Add ${title} to ${day}, dinner` }).click();
    await expect(page.getByRole("link", { name: title })).toBeVisible();
  }

  // The soup for 8 instead of its own 4: each press is saved (PUT {servings}), the last one kept.
  const soup = `Tomato soup on ${dayName(WEEK)}, dinner`;
  await expect(page.getByRole("group", { name: `Servings of ${soup}` }).getByRole("status")).toHaveText(
    "4 servings",
  );
  for (let i = 0; i < 4; i++) await page.getByRole("button", { name: `More servings of ${soup}` }).click();
  await expect(page.getByRole("group", { name: `Servings of ${soup}` }).getByRole("status")).toHaveText(
    "8 servings",
  );
  await expect
    .poll(async () => {
      const response = await request.get(`/api/v1/meal-plan?from=${WEEK}&to=${WEEK}`, {
        headers: { authorization: `Bearer ${accessToken}` },
      });
      const plan = (await response.json()) as { items: { title: string; servings: number | null }[] };
      return plan.items.find((e) => e.title === "Tomato soup")?.servings;
    })
    .toBe(8);
  await page.reload();
  await expect(page.getByRole("group", { name: `Servings of ${soup}` }).getByRole("status")).toHaveText(
    "8 servings",
  );
  await check(page, "meal-plan-week");

  // A week to come: the whole week, and by default a new list named after its days. The app opens it.
  await expect(page.getByLabel("From", { exact: true }).locator("option:checked")).toHaveText(dayName(WEEK));
  await expect(page.getByLabel("To", { exact: true }).locator("option:checked")).toHaveText(
    dayName(addDays(WEEK, 6)),
  );
  await expect(page.getByLabel("Shopping list").locator("option:checked")).toHaveText(`A new list “${LIST}”`);
  await page.getByRole("button", { name: "Add these days to a shopping list" }).click();
  await expect(page.getByRole("heading", { level: 1, name: LIST })).toBeVisible();
  const listId = Number(/\/lists\/(\d+)/.exec(page.url())?.[1]);
  // Garlic from both recipes is one item: 20 g (the soup's 10 g, doubled for 8) + 20 g.
  const garlic = page.locator(".sl-item").filter({ hasText: "Garlic" });
  await expect(garlic.locator(".sl-grams")).toHaveText("40 g");
  await expect(garlic.getByRole("link", { name: "Tomato soup" })).toBeVisible();
  await expect(garlic.getByRole("link", { name: "Spaghetti aglio e olio" })).toBeVisible();
  await check(page, "shopping-list-no-store");

  // Store mode in Riverside Market: the shelves in walking order, then what is on none of them.
  await page.getByLabel("Store you are in").selectOption({ label: "Riverside Market" });
  const shelves = page.locator(".sl-shelf");
  await expect(shelves).toHaveText([
    "1Entrance: fruit and vegetables",
    "2Aisle 2: pasta and rice",
    "3Aisle 4: baking",
    "4Aisle 5: oils and spices",
    "Not on a shelf of this store",
  ]);
  await expect(page.getByRole("button", { name: "Found it here: Parsley" })).toBeVisible(); // admin may edit
  await check(page, "shopping-list-store-mode");

  // The store is this device's choice (issue 36): the list itself has none yet, until this device
  // makes its store the list's, the default of everyone who opens it.
  const listStore = async () => {
    const saved = await request.get(`/api/v1/shopping-lists/${listId}`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    return ((await saved.json()) as { store_id: number | null }).store_id;
  };
  expect(await listStore()).toBeNull();
  await page.getByRole("button", { name: "Make it the list's store" }).click();
  await expect(page.getByRole("button", { name: "Back to the list's store" })).toHaveCount(0);
  await expect(page.getByLabel("Store you are in")).toHaveAccessibleDescription(/^The list's own store\./);
  expect(await listStore()).not.toBeNull();

  // The service worker must be in charge before the network goes.
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state), {
      message: "the service worker installs (it precaches the app shell first)",
      timeout: 60_000,
    })
    .toBe("activated");
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: LIST })).toBeVisible();
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  // Offline in the shop: the network goes, and the browser says nothing (no "offline" event, and
  // navigator.onLine false for good: what Chromium 156 does on a page a service worker controls).
  // The first check-off finds no service, and the app says so.
  await silenceConnectionEvents(page);
  await cutNetwork(context);
  for (const name of ["Garlic", "Spaghetti", "Olive oil"]) {
    await page.getByRole("checkbox", { name: new RegExp(`^${name}`) }).check();
  }
  await expect(page.locator(".offline-status")).toHaveText("Offline — 3 changes waiting");
  // A checked item sinks to the bottom of its shelf.
  await expect(page.locator(".sl-section").first().locator(".sl-name")).toHaveText(["Onion", "Garlic"]);
  await check(page, "shopping-list-offline");

  // Reload without a connection: the app and the list come from the device, still checked. The
  // device must have written the three changes down first (IndexedDB writes are asynchronous).
  await expect.poll(() => keptChanges(page), { message: "the three changes are kept on the device" }).toBe(3);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: LIST })).toBeVisible();
  for (const name of ["Garlic", "Spaghetti", "Olive oil"]) {
    await expect(page.getByRole("checkbox", { name: new RegExp(`^${name}`) })).toBeChecked();
  }
  await expect(page.getByRole("checkbox", { name: /^Onion/ })).not.toBeChecked();
  await expect(page.locator(".offline-status")).toHaveText("Offline — 3 changes waiting");
  await shoot(page, "shopping-list-offline-reloaded");

  // Back online, again without an "online" event: the app asks the API now and then (1 s, 2 s, 4 s…)
  // and sends the waiting changes, in order, at its first answer; the note goes away.
  await context.unrouteAll();
  await expect(page.locator(".offline-status")).toBeHidden({ timeout: 45_000 });
  await expect
    .poll(async () => {
      const response = await request.get(`/api/v1/shopping-lists/${listId}`, {
        headers: { authorization: `Bearer ${accessToken}` },
      });
      const list = (await response.json()) as { sections: { items: { name: string; checked: boolean }[] }[] };
      return list.sections
        .flatMap((s) => s.items)
        .filter((i) => i.checked)
        .map((i) => i.name)
        .sort();
    })
    .toEqual(["Garlic", "Olive oil", "Spaghetti"]);
});

test("lists: make, rename, free-text items, delete; a recipe page adds to a list and plans it, and it is taken back off", async ({
  page,
  request,
}) => {
  const accessToken = await token(request);
  await logIn(page, accessToken);
  await page.setViewportSize(PHONE);
  await page.goto(`/lists`);
  await expect(page.getByRole("heading", { level: 1, name: "Shopping lists" })).toBeVisible();
  await page.getByLabel("New list").fill(MARKET);
  await page.getByRole("button", { name: "Make the list" }).click();
  await expect(page.getByRole("heading", { level: 1, name: MARKET })).toBeVisible();

  await page.getByLabel("Item", { exact: true }).fill("Kitchen roll");
  await page.getByLabel("Amount (optional)").fill("2 packs");
  await page.getByRole("button", { name: "Add", exact: true }).click();
  const roll = page.locator(".sl-item").filter({ hasText: "Kitchen roll" });
  await expect(roll.locator(".sl-readable")).toHaveText("2 packs");
  await roll.getByRole("checkbox").check();
  await expect(page.getByRole("button", { name: "Clear checked (1)" })).toBeEnabled();
  await page.getByRole("button", { name: "Clear checked (1)" }).click();
  await expect(roll).toHaveCount(0);

  // A recipe page: its dough can be bought or made; made, the dough's own lines are added.
  const pizza = await request.get("/api/v1/recipes?q=pizza%20margherita&limit=5");
  const pizzaId = ((await pizza.json()) as { items: { id: number; title: string }[] }).items.find(
    (r) => r.title === "Pizza margherita",
  )?.id;
  await page.goto(`/recipes/${pizzaId}`);
  await expect(page.getByRole("heading", { level: 1, name: "Pizza margherita" })).toBeVisible();
  await page.getByLabel("Add to").selectOption({ label: MARKET });
  await page.getByRole("radio", { name: /Make it/ }).check();
  await page.getByRole("button", { name: /^Add to shopping list/ }).click();
  await expect(page.getByRole("status").filter({ hasText: `Added to ${MARKET}` })).toBeVisible();
  await page.getByLabel("Day").fill(WEEK);
  await page.getByRole("button", { name: /^Plan it/ }).click();
  await expect(page.getByText(`Planned for ${dayName(WEEK)}, dinner.`)).toBeVisible();
  await check(page, "recipe-signed-in");

  await page.getByRole("link", { name: MARKET }).click();
  await expect(page.locator(".sl-item").filter({ hasText: "Flour" })).toBeVisible(); // from the dough
  await expect(page.locator(".sl-item").filter({ hasText: /^Pizza dough/ })).toHaveCount(0);

  // A hand-added item stays when the recipe is taken back off; everything the recipe added goes.
  await page.getByLabel("Item", { exact: true }).fill("Batteries");
  await page.getByRole("button", { name: "Add", exact: true }).click();
  const batteries = page.locator(".sl-item").filter({ hasText: "Batteries" });
  await expect(batteries.getByRole("button", { name: "Remove Batteries" })).toBeEnabled(); // it has reached the API
  await expect(page.getByRole("region", { name: "Recipes on this list" })).toContainText("Pizza margherita");
  await check(page, "shopping-list-with-recipe");
  await page.getByRole("button", { name: "Take off Pizza margherita" }).click();
  await expect(page.locator(".sl-item").filter({ hasText: "Flour" })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Recipes on this list" })).toHaveCount(0);
  await expect(page.locator(".sl-item .sl-name")).toHaveText(["Batteries"]);

  // Removing a single item.
  await page.getByRole("button", { name: "Remove Batteries" }).click();
  await expect(batteries).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Nothing on this list yet" })).toBeVisible();
  const marketId = Number(/\/lists\/(\d+)/.exec(page.url())?.[1]);
  await expect
    .poll(async () => {
      const response = await request.get(`/api/v1/shopping-lists/${marketId}`, {
        headers: { authorization: `Bearer ${accessToken}` },
      });
      const list = (await response.json()) as { recipes: unknown[]; sections: { items: unknown[] }[] };
      return { recipes: list.recipes.length, items: list.sections.flatMap((s) => s.items).length };
    })
    .toEqual({ recipes: 0, items: 0 });

  await page.goto(`/lists`);
  await expect(page.getByRole("link", { name: MARKET })).toBeVisible();
  await check(page, "shopping-lists");
  await page.getByRole("button", { name: `Rename ${MARKET}` }).click();
  await page.getByLabel(`New name for ${MARKET}`).fill(RENAMED);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("link", { name: RENAMED })).toBeVisible();
  await page.getByRole("button", { name: `Delete ${RENAMED}` }).click();
  await page.getByRole("button", { name: `Delete ${RENAMED}` }).click();
  await expect(page.getByRole("link", { name: RENAMED })).toHaveCount(0);
});

test("a list built from two recipes adds their amounts up: 3 tbsp, not 2 tbsp + 1 tbsp, the notes left on the recipes", async ({
  page,
  request,
}) => {
  const accessToken = await token(request);
  const headers = { authorization: `Bearer ${accessToken}` };
  const post = async (path: string, data: unknown) => {
    const response = await request.post(`/api/v1${path}`, { headers, data });
    expect(response.status(), path).toBeLessThan(300);
    return (await response.json()) as { id: number };
  };
  const suffix = Date.now().toString(36);
  const butter = await post("/ingredients", { name: `Cultured butter ${suffix}` });
  const recipes = [];
  for (const [title, grams, readable] of [
    [`Shortbread ${suffix}`, 30, "2 tbsp"],
    [`Garlic bread ${suffix}`, 15, "1 tbsp, melted"],
  ] as const) {
    recipes.push(
      await post("/recipes", {
        title,
        servings: 4,
        ingredients: [{ ingredient_id: butter.id, amount_grams: grams, amount_readable: readable }],
      }),
    );
  }
  const list = await post("/shopping-lists", { name: `Baking ${suffix}` });
  for (const recipe of recipes) await post(`/shopping-lists/${list.id}/recipes`, { recipe_id: recipe.id });

  await logIn(page, accessToken);
  await page.setViewportSize(PHONE);
  await page.goto(`/lists/${list.id}`);
  const item = page.locator(".sl-item").filter({ hasText: `Cultured butter ${suffix}` });
  await expect(item.locator(".sl-readable")).toHaveText("3 tbsp");
  await expect(item.locator(".sl-grams")).toContainText("45 g");
  await expect(item).not.toContainText("melted");
  await check(page, "shopping-list-amounts-added");
});

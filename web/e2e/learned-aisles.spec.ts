/**
 * A store that learns its walking order from the ticks (issue 43), in Chromium on the production
 * build, on two phones: two accounts of one household, each in a browser context of its own at phone
 * size. A store of their own with two shelves (Dairy: milk; Bakery: bread) and three ingredients on
 * none (coffee, tea, jam). Three trips in store mode, each on a new list of the household that follows
 * the store (Sam's phone, Alex's, Sam's again), ticking the five in the order the store is walked
 * with a little more than a second between ticks (a trip ticked within one second teaches nothing).
 * Then a new list with the same ingredients shows coffee, tea and jam in a learned section between
 * Dairy and Bakery; the store's page says what it learned and shelves coffee and tea on Dairy with
 * one tap. axe on the list and the store page; phone screenshots of both in e2e/screenshots/.
 */
import { mkdirSync } from "node:fs";
import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import { expectAccessible, newAccount } from "./helpers.ts";

const SCREENSHOTS = new URL("./screenshots/", import.meta.url).pathname;
mkdirSync(SCREENSHOTS, { recursive: true });

const PHONE = { width: 390, height: 844 };
/** More than the second within which ticks teach nothing (core/store/learned-order.ts: TIE_MS). */
const BETWEEN_TICKS_MS = 1_100;

type Person = { username: string; token: string };
const as = (person: Person) => ({ authorization: `Bearer ${person.token}` });

async function signUp(request: APIRequestContext, label: string): Promise<Person> {
  const account = newAccount(label);
  const created = await request.post("/api/v1/users", { data: account });
  expect(created.status()).toBe(201);
  const login = await request.post("/api/v1/auth/token", {
    data: { username: account.username, password: account.password },
  });
  expect(login.ok()).toBe(true);
  return {
    username: account.username,
    token: ((await login.json()) as { access_token: string }).access_token,
  };
}

/** POSTs as `person`, expecting 201, and answers the id made. */
async function made(request: APIRequestContext, person: Person, path: string, data: object): Promise<number> {
  const response = await request.post(`/api/v1/${path}`, { headers: as(person), data });
  expect(response.status(), `POST ${path}`).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

/** A phone: a browser context of its own, signed in as `person`. */
async function phone(browser: Browser, person: Person): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE });
  await context.addInitScript((token) => {
    if (!sessionStorage.getItem("e2e.seeded")) {
      localStorage.setItem("recipes.session", token);
      sessionStorage.setItem("e2e.seeded", "1");
    }
  }, person.token);
  return context.newPage();
}

const box = (page: Page, name: string) => page.getByRole("checkbox", { name: new RegExp(`^${name}`) });

test("three trips on two phones teach a store its walk: a new list shows the learned section between the shelves, and the store page offers to shelve them", async ({
  browser,
  request,
}) => {
  // Three walks of five ticks a little over a second apart, on a busy machine.
  test.setTimeout(180_000);
  const [sam, alex] = [await signUp(request, "sam"), await signUp(request, "alex")];
  const householdId = await made(request, sam, "households", { name: "The flat" });
  const invitation = await request.post(`/api/v1/households/${householdId}/invitations`, {
    headers: as(sam),
    data: {},
  });
  expect(invitation.status()).toBe(201);
  const { code } = (await invitation.json()) as { code: string };
  const joined = await request.post("/api/v1/households/join", { headers: as(alex), data: { code } });
  expect(joined.status()).toBe(200);

  // Names of this run's own: the learned order is per store, the names shared by every test.
  const tag = Math.random().toString(36).slice(2, 7);
  const name = (food: string) => `${food} ${tag}`;
  const ingredient = async (food: string) => ({
    id: await made(request, sam, "ingredients", { name: name(food) }),
    name: name(food),
  });
  const [milk, coffee, tea, jam, bread, salt] = [
    await ingredient("Milk"),
    await ingredient("Coffee"),
    await ingredient("Tea"),
    await ingredient("Jam"),
    await ingredient("Bread"),
    await ingredient("Salt"),
  ];
  const storeId = await made(request, sam, "stores", { name: `Corner market ${tag}` });
  await made(request, sam, `stores/${storeId}/shelves`, {
    name: "Dairy",
    position: 1,
    ingredient_ids: [milk.id],
  });
  await made(request, sam, `stores/${storeId}/shelves`, {
    name: "Bakery",
    position: 2,
    ingredient_ids: [bread.id],
  });
  /** The order the store is walked in: coffee, tea and jam sit between Dairy and Bakery. */
  const walk = [milk, coffee, tea, jam, bread];

  /** A list of the household that follows the store, holding `foods`. */
  const listOf = async (title: string, foods: { id: number }[]) => {
    const listId = await made(request, sam, "shopping-lists", {
      name: `${title} ${tag}`,
      household_id: householdId,
      store_id: storeId,
    });
    for (const food of foods) {
      const added = await request.post(`/api/v1/shopping-lists/${listId}/items`, {
        headers: as(sam),
        data: { ingredient_id: food.id },
      });
      expect(added.status()).toBe(201);
    }
    return listId;
  };
  const checkedOnServer = async (listId: number) => {
    const response = await request.get(`/api/v1/shopping-lists/${listId}`, { headers: as(sam) });
    const list = (await response.json()) as { sections: { items: { checked: boolean }[] }[] };
    return list.sections.flatMap((s) => s.items).filter((i) => i.checked).length;
  };

  const samsPhone = await phone(browser, sam);
  const alexsPhone = await phone(browser, alex);
  for (const [trip, page] of [samsPhone, alexsPhone, samsPhone].entries()) {
    const listId = await listOf(`Trip ${trip + 1}`, walk);
    await page.goto(`/lists/${listId}`);
    await expect(page.getByRole("heading", { level: 1, name: `Trip ${trip + 1} ${tag}` })).toBeVisible();
    for (const [index, food] of walk.entries()) {
      if (index > 0) await page.waitForTimeout(BETWEEN_TICKS_MS);
      await box(page, food.name).check();
    }
    await expect.poll(() => checkedOnServer(listId)).toBe(walk.length);
  }
  const learned = await request.get(`/api/v1/stores/${storeId}/learned-order`);
  expect(((await learned.json()) as { trips: number }).trips).toBe(3);

  // A new list: coffee, tea and jam between Dairy and Bakery, in the walk's order; salt, never
  // ticked, where nobody placed it.
  const next = await listOf("Next week", [salt, bread, jam, tea, coffee, milk]);
  await alexsPhone.goto(`/lists/${next}`);
  await expect(alexsPhone.getByRole("heading", { level: 1, name: `Next week ${tag}` })).toBeVisible();
  await expect(alexsPhone.locator(".sl-shelf")).toHaveText([
    "1Dairy",
    "Found here (learned)",
    "2Bakery",
    "Not on a shelf of this store",
  ]);
  const found = alexsPhone.getByRole("region", { name: "Found here (learned)" });
  await expect(found).toHaveAccessibleDescription("Where earlier trips through this store found them.");
  await expect(found.locator(".sl-name")).toHaveText([coffee.name, tea.name, jam.name]);
  await expectAccessible(alexsPhone);
  await alexsPhone.screenshot({ path: `${SCREENSHOTS}learned-aisles-list.png`, fullPage: true });

  // The store's page, for Sam who owns it: what it learned, and one tap to shelve coffee and tea.
  await samsPhone.goto(`/stores/${storeId}`);
  await expect(samsPhone.getByRole("heading", { level: 2, name: "Learned from 3 trips" })).toBeVisible();
  const offer = samsPhone.getByText(`${coffee.name} and ${tea.name} are found between Dairy and Bakery.`);
  await expect(offer).toBeVisible();
  await expect(samsPhone.getByText(`${jam.name} is found between Dairy and Bakery.`)).toBeVisible();
  await expectAccessible(samsPhone);
  await samsPhone.screenshot({ path: `${SCREENSHOTS}learned-aisles-store.png`, fullPage: true });
  await samsPhone.getByRole("button", { name: `Put ${coffee.name} and ${tea.name} on Dairy` }).click();
  await expect(offer).toBeHidden();
  await expect(samsPhone.getByRole("list", { name: "On Dairy" }).getByRole("link")).toHaveText([
    coffee.name,
    milk.name,
    tea.name,
  ]);

  // The list walks them on Dairy now (a shelf set by a person wins over what was learned); jam is
  // still found between Dairy and Bakery.
  await alexsPhone.reload();
  await expect(alexsPhone.locator(".sl-shelf")).toHaveText([
    "1Dairy",
    "Found here (learned)",
    "2Bakery",
    "Not on a shelf of this store",
  ]);
  await expect(alexsPhone.locator(".sl-section").first().locator(".sl-name")).toHaveText([
    coffee.name,
    milk.name,
    tea.name,
  ]);
  await expect(found.locator(".sl-name")).toHaveText([jam.name]);
});

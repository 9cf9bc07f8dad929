/**
 * Issue 36: changes made offline are the person's, and outlive their session. A phone in a shop
 * without a connection for more than 30 minutes: the 30-minute token runs out and the list stays
 * (issue 38: the session is renewed once back online); here the session is also ended from another
 * device meanwhile, so back online the list gives way to the log-in page.
 * - The same person logs in again: every tick made offline reaches the API, with the new token;
 *   nothing was sent meanwhile, neither without a token nor with the old one.
 * - Another person logs in on that phone instead: the ticks are dropped, and the app says so (whose
 *   and how many; what they were is not theirs to read), and nothing reaches the API.
 * - The person logs out with ticks waiting: they are dropped, the app says which, and logging in
 *   again sends none of them.
 * The network goes for the API only (its requests fail, the live socket drops, no browser event): the
 * app's own files still load, as the service worker serves them on a phone (shopping.spec.ts has the
 * service worker itself). axe on the notices.
 */
import {
  type APIRequestContext,
  type BrowserContext,
  expect,
  type Page,
  test,
  type WebSocketRoute,
} from "@playwright/test";
import { expectAccessible, logInAs, newAccount, pageToken } from "./helpers.ts";

const PHONE = { width: 390, height: 844 };
const ITEMS = ["Tea bags", "Matches", "Candles", "Batteries"];

// Two accounts for the whole file: sign-ups are limited per address, and the suite makes many.
test.describe.configure({ mode: "serial" });

type Person = { username: string; password: string; token: string };
let sam: Person;
let alex: Person;

async function signUp(request: APIRequestContext, label: string): Promise<Person> {
  // A short name: the notices show it.
  const username = `${label}-${Math.random().toString(36).slice(2, 6)}`;
  const account = { ...newAccount(label), username, email: `${username}@example.com` };
  const created = await request.post("/api/v1/users", { data: account });
  expect(created.status()).toBe(201);
  const login = await request.post("/api/v1/auth/token", {
    data: { username, password: account.password },
  });
  expect(login.ok()).toBe(true);
  const { access_token } = (await login.json()) as { access_token: string };
  return { username, password: account.password, token: access_token };
}

test.beforeAll(async ({ request }) => {
  [sam, alex] = [await signUp(request, "sam"), await signUp(request, "alex")];
});

const as = (person: Person) => ({ authorization: `Bearer ${person.token}` });

/** A list of Sam's with the four items, none checked. */
async function samsList(request: APIRequestContext, name: string): Promise<number> {
  const created = await request.post("/api/v1/shopping-lists", { headers: as(sam), data: { name } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  for (const item of ITEMS) {
    const added = await request.post(`/api/v1/shopping-lists/${id}/items`, {
      headers: as(sam),
      data: { name: item },
    });
    expect(added.ok()).toBe(true);
  }
  return id;
}

/** The names of the checked items, as the API has them. */
async function checkedOnServer(request: APIRequestContext, listId: number): Promise<string[]> {
  const response = await request.get(`/api/v1/shopping-lists/${listId}`, { headers: as(sam) });
  expect(response.ok()).toBe(true);
  const list = (await response.json()) as { sections: { items: { name: string; checked: boolean }[] }[] };
  return list.sections
    .flatMap((s) => s.items)
    .filter((i) => i.checked)
    .map((i) => i.name)
    .sort();
}

/**
 * The API's network as a shop's basement: while cut, every request to it fails and the live socket
 * drops and cannot open again, with no online or offline event.
 */
async function apiNetwork(context: BrowserContext) {
  let up = true;
  const sockets = new Set<WebSocketRoute>();
  await context.routeWebSocket(/\/api\/v1\/live$/, (socket) => {
    if (!up) {
      void socket.close();
      return;
    }
    socket.connectToServer();
    sockets.add(socket);
    socket.onClose(() => sockets.delete(socket));
  });
  const cut = (route: { abort: (code: string) => Promise<void> }) => route.abort("internetdisconnected");
  return {
    async cut() {
      up = false;
      await context.route("**/api/**", cut);
      for (const socket of sockets) await socket.close();
      sockets.clear();
    },
    async restore() {
      up = true;
      await context.unroute("**/api/**", cut);
    },
  };
}

type Write = { method: string; url: string; authorization: string | undefined; status?: number };

/**
 * The changes to the list's items the page sends: every one it tries (`tried`), and those that
 * reached the API, with its answer (`arrived`).
 */
function watchWrites(page: Page, listId: number) {
  const tried: Write[] = [];
  const arrived: Write[] = [];
  const isWrite = (url: string, method: string) =>
    method !== "GET" && url.includes(`/api/v1/shopping-lists/${listId}/items`);
  page.on("request", async (r) => {
    if (!isWrite(r.url(), r.method())) return;
    tried.push({ method: r.method(), url: r.url(), authorization: (await r.allHeaders()).authorization });
  });
  page.on("requestfinished", async (r) => {
    if (!isWrite(r.url(), r.method())) return;
    arrived.push({
      method: r.method(),
      url: r.url(),
      authorization: (await r.allHeaders()).authorization,
      status: (await r.response())?.status(),
    });
  });
  return { tried, arrived };
}

const box = (page: Page, name: string) => page.getByRole("checkbox", { name: new RegExp(`^${name}`) });

/** The app has asked the API's health and had an answer: it knows it is online again. */
const backOnline = (page: Page) =>
  page.waitForResponse((r) => r.url().endsWith("/api/v1/health") && r.ok(), { timeout: 45_000 });

async function logInOnThePage(page: Page, person: Person) {
  await page.getByLabel("Username or email").fill(person.username);
  await page.getByLabel("Password").fill(person.password);
  await page.getByRole("button", { name: "Log in" }).click();
}

/**
 * Sam's phone on a new list, the account read (the header names Sam), the clock under the test's
 * hand; then the API's network goes and Sam ticks every item.
 */
async function samTicksOffline(
  page: Page,
  context: BrowserContext,
  request: APIRequestContext,
  title: string,
) {
  const name = `${title} ${Date.now().toString(36)}`;
  const listId = await samsList(request, name);
  await page.clock.install();
  await logInAs(page, request, { username: sam.username, password: sam.password });
  const network = await apiNetwork(context);
  await page.setViewportSize(PHONE);
  await page.goto(`/lists/${listId}`);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.locator(".account-name")).toHaveText(sam.username);
  const writes = watchWrites(page, listId);

  await network.cut();
  for (const item of ITEMS) await box(page, item).check();
  await expect(page.locator(".offline-status")).toHaveText(`Offline — ${ITEMS.length} changes waiting`);
  return { listId, network, writes };
}

/**
 * 31 minutes later the 30-minute token has run out: offline, the list stays (issue 38), its ticks
 * waiting. Meanwhile the session is ended from another device (Sam's laptop signs the phone out):
 * back online, the refresh is refused and the list gives way to the log-in page.
 */
async function sessionEnds(
  page: Page,
  request: APIRequestContext,
  listId: number,
  network: { restore: () => Promise<void> },
) {
  await page.clock.fastForward("31:00");
  await expect(page).toHaveURL(new RegExp(`/lists/${listId}$`));
  await expect(box(page, ITEMS[0] ?? "")).toBeChecked();
  await expect(page.locator(".offline-status")).toHaveText(`Offline — ${ITEMS.length} changes waiting`);
  const sessions = await request.get("/api/v1/users/me/sessions", { headers: as(sam) });
  for (const s of ((await sessions.json()) as { items: { id: number; current: boolean }[] }).items) {
    if (!s.current) await request.delete(`/api/v1/users/me/sessions/${s.id}`, { headers: as(sam) });
  }
  const online = backOnline(page);
  await network.restore();
  await online;
  await expect(page).toHaveURL(new RegExp(`/login\\?redirect=%2Flists%2F${listId}&expired=true$`));
  await expect(page.getByText("Your session has expired.")).toBeVisible();
}

test("offline past the 30-minute session: the same person logs in again, and every tick arrives with the new token", async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(150_000);
  const { listId, network, writes } = await samTicksOffline(page, context, request, "Basement");
  // The connection comes back before the log-in: the ticks wait for it, nothing goes out.
  await sessionEnds(page, request, listId, network);
  await page.waitForTimeout(1_500);
  expect(writes.arrived).toEqual([]);

  await logInOnThePage(page, sam);
  await expect(page).toHaveURL(new RegExp(`/lists/${listId}$`));
  await expect.poll(() => checkedOnServer(request, listId), { timeout: 30_000 }).toEqual([...ITEMS].sort());
  await expect(page.locator(".offline-status")).toBeHidden();
  for (const item of ITEMS) await expect(box(page, item)).toBeChecked();

  // Each tick reached the API once, with the new session's token, and was taken; nothing was ever
  // tried without a token (the one try before the session ran out, offline, had the old one).
  const token = await pageToken(page);
  expect(token).not.toBe(sam.token);
  expect(writes.arrived).toHaveLength(ITEMS.length);
  for (const write of writes.arrived) {
    expect(write).toMatchObject({ method: "PUT", authorization: `Bearer ${token}`, status: 200 });
  }
  for (const write of writes.tried) expect(write.authorization).toMatch(/^Bearer /);
  await expect(page.locator(".unsent-notice")).toHaveCount(0);
});

test("offline past the session, and another person logs in on the phone: the ticks are dropped, and the app says so", async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(150_000);
  const { listId, network, writes } = await samTicksOffline(page, context, request, "Handed over");
  await sessionEnds(page, request, listId, network);

  await logInOnThePage(page, alex);
  const notice = page.locator(".unsent-notice");
  await expect(notice.locator(":scope > span")).toHaveText(
    `${ITEMS.length} changes made offline by ${sam.username} were not sent: they were waiting for ${sam.username} to log in again.`,
  );
  await expect(page.locator(".account-name")).toHaveText(alex.username);
  await expectAccessible(page);
  await page.waitForTimeout(1_500);
  expect(writes.arrived).toEqual([]);
  expect(await checkedOnServer(request, listId)).toEqual([]);

  await notice.getByRole("button", { name: /^OK/ }).click();
  await expect(notice).toHaveCount(0);
});

test("logging out with ticks waiting drops them and says which; logging in again sends none", async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(150_000);
  const { listId, network, writes } = await samTicksOffline(page, context, request, "Logged out");

  await page.getByRole("button", { name: "Log out" }).click();
  const notice = page.locator(".unsent-notice");
  await expect(notice.locator(":scope > span")).toHaveText(
    `${ITEMS.length} changes made offline by ${sam.username} were not sent: ticked “Tea bags”, ticked “Matches”, ticked “Candles”, and ticked “Batteries”.`,
  );

  const online = backOnline(page);
  await network.restore();
  await online;
  // axe once the page has its recipes (a loading line fading in is no state to judge).
  await expect(page.locator(".loading")).toHaveCount(0, { timeout: 30_000 });
  await expectAccessible(page);
  await page.locator(".account").getByRole("link", { name: "Log in" }).click();
  await logInOnThePage(page, sam);
  await expect(page.locator(".account-name")).toHaveText(sam.username);
  await page.goto(`/lists/${listId}`);
  await expect(box(page, ITEMS[0] ?? "")).toBeVisible();
  for (const item of ITEMS) await expect(box(page, item)).not.toBeChecked();
  await page.waitForTimeout(1_500);
  expect(writes.arrived).toEqual([]);
  expect(await checkedOnServer(request, listId)).toEqual([]);
});

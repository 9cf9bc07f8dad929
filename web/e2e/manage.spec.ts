/**
 * Managing what is not a recipe (issue 14: 3–5) in Chromium against the real API: a store with three
 * shelves reordered by keyboard and by drag (each order one request; one that missed a shelf added
 * elsewhere is refused whole), an ingredient placed and then moved in one request after the API's 409,
 * another person seeing no edit controls; an ingredient created with its weights; an admin's category
 * and a user's role; email and password changed, the account deleted. axe on every page and dialog.
 */
import { mkdirSync } from "node:fs";
import {
  type APIRequestContext,
  type Browser,
  expect,
  type Locator,
  type Page,
  test,
} from "@playwright/test";
import sharp from "sharp";
import { DEV_USER, expectAccessible, logInAs, newAccount, pickUpByKeyboard } from "./helpers.ts";

const SCREENSHOTS = new URL("./screenshots/", import.meta.url).pathname;
mkdirSync(SCREENSHOTS, { recursive: true });
const DESKTOP = { width: 1280, height: 800 };
const DEV_ADMIN = { username: "dev-admin", password: "dev-admin-password" };

/** A fresh account made through the API (the sign-up screen has its own tests). */
async function createAccount(request: APIRequestContext, label: string) {
  const account = newAccount(label);
  const response = await request.post("/api/v1/users", {
    data: { username: account.username, email: account.email, password: account.password },
  });
  expect(response.status()).toBe(201);
  const { id } = (await response.json()) as { id: number };
  return { ...account, id, login: { username: account.username, password: account.password } };
}

async function tokenFor(request: APIRequestContext, user: { username: string; password: string }) {
  const response = await request.post("/api/v1/auth/token", { data: user });
  return response.ok() ? ((await response.json()) as { access_token: string }).access_token : null;
}

/** A second person in a browser of their own (their own storage, so their own session). */
async function pageOf(
  browser: Browser,
  request: APIRequestContext,
  user: { username: string; password: string },
) {
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, serviceWorkers: "block" });
  const page = await context.newPage();
  await logInAs(page, request, user);
  return page;
}

/** The error shown under a field (the innermost `.field` holding the control). */
const errorOf = (page: Page, control: Locator): Locator =>
  page.locator(".field").filter({ has: control }).last().locator(".field-error");

/** What the page asks the API to change, as "METHOD path" with the JSON body, in the order sent. */
function recordWrites(page: Page) {
  const writes: { call: string; body: unknown }[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (request.method() === "GET" || !pathname.startsWith("/api/v1/")) return;
    writes.push({ call: `${request.method()} ${pathname}`, body: request.postDataJSON() });
  });
  return writes;
}

/** Drags a shelf by its handle to the top of the list, as a person does with the mouse. */
async function dragShelfToTop(page: Page, name: string) {
  const handle = page.getByRole("button", { name: `Move shelf ${name}`, exact: true });
  await handle.scrollIntoViewIfNeeded();
  const from = await handle.boundingBox();
  const target = await page.locator(".shelf-editor > li").first().boundingBox();
  if (!from || !target) throw new Error("The shelves are not on screen.");
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, target.y + 5, { steps: 12 });
  await page.mouse.move(from.x + from.width / 2, target.y + 2, { steps: 3 });
  await page.mouse.up();
}

const shelfNames = (page: Page) => page.locator(".shelf-editor .shelf-card-head h3");
const shelfCard = (page: Page, name: string) =>
  page
    .locator(".shelf-editor > li")
    .filter({ has: page.getByRole("heading", { level: 3, name, exact: true }) });

test("a store with three shelves: reordered by keyboard and drag, an ingredient placed, then moved after the 409; others see no controls", async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(180_000);
  const owner = await createAccount(request, "shelves");
  const storeName = `Corner market ${Date.now().toString(36)}`;
  await logInAs(page, request, owner.login);
  await page.setViewportSize(DESKTOP);

  await page.goto("/stores");
  await page.getByRole("link", { name: "New store" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New store" })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel("Name", { exact: true }).fill(storeName);
  await page.getByLabel("Address", { exact: true }).fill("1 Market Street");
  await page.getByLabel("Latitude", { exact: true }).fill("120");
  await page.getByRole("button", { name: "Create store" }).click();
  const latitude = page.getByLabel("Latitude", { exact: true });
  await expect(errorOf(page, latitude)).toHaveText("Latitude must be a number from -90 to 90.");
  await latitude.fill("52,37");
  await page.getByRole("button", { name: "Create store" }).click();
  // The API's own rule, next to the field its path names.
  const longitude = page.getByLabel("Longitude", { exact: true });
  await expect(errorOf(page, longitude)).toHaveText("Give latitude and longitude together, or neither.");
  await expect(longitude).toHaveAttribute("aria-invalid", "true");
  await expect(longitude).toBeFocused();
  await expect(page.getByRole("alert")).toHaveText("Request body is invalid. See the marked fields.");
  await expectAccessible(page);
  await longitude.fill("4,89");
  await page.getByRole("button", { name: "Create store" }).click();
  await expect(page.getByRole("heading", { level: 1, name: storeName })).toBeVisible();
  await expect(page.getByText("No shelves yet: add the first one below.")).toBeVisible();
  const storeId = Number(/\/stores\/(\d+)/.exec(page.url())?.[1]);
  const writes = recordWrites(page);

  // Three shelves, added in the order they come to mind, not in walking order.
  for (const name of ["Aisle 1: produce", "Aisle 2: baking", "Aisle 3: dairy"]) {
    await page.getByLabel("New shelf", { exact: true }).fill(name);
    await page.getByRole("button", { name: "Add shelf" }).click();
    await expect(shelfCard(page, name)).toBeVisible();
  }
  await expect(shelfNames(page)).toHaveText(["Aisle 1: produce", "Aisle 2: baking", "Aisle 3: dairy"]);
  await expectAccessible(page);

  // By keyboard: dairy goes first. Each key waits for what a screen reader hears.
  writes.length = 0;
  const announced = (text: string) => page.locator('[id^="DndLiveRegion"]').filter({ hasText: text });
  await page.getByRole("button", { name: "Move shelf Aisle 3: dairy", exact: true }).focus();
  await pickUpByKeyboard(page);
  await expect(announced("shelf Aisle 3: dairy is over position 3 of 3.")).toHaveCount(1);
  await page.keyboard.press("ArrowUp");
  await expect(announced("shelf Aisle 3: dairy is over position 2 of 3.")).toHaveCount(1);
  await page.keyboard.press("ArrowUp");
  await expect(announced("shelf Aisle 3: dairy is over position 1 of 3.")).toHaveCount(1);
  await page.keyboard.press("Space");
  await expect(announced("shelf Aisle 3: dairy was dropped at position 1 of 3.")).toHaveCount(1);
  await expect(shelfNames(page)).toHaveText(["Aisle 3: dairy", "Aisle 1: produce", "Aisle 2: baking"]);
  // Written as one request naming every shelf, applied whole or not at all.
  await expect(page.getByText("The new order is saved.")).toBeVisible();
  expect(writes).toEqual([
    {
      call: `PUT /api/v1/stores/${storeId}/shelves/order`,
      body: { shelf_ids: [expect.any(Number), expect.any(Number), expect.any(Number)] },
    },
  ]);
  await page.reload();
  await expect(shelfNames(page)).toHaveText(["Aisle 3: dairy", "Aisle 1: produce", "Aisle 2: baking"]);

  // By drag: baking goes to the top.
  await dragShelfToTop(page, "Aisle 2: baking");
  await expect(shelfNames(page)).toHaveText(["Aisle 2: baking", "Aisle 3: dairy", "Aisle 1: produce"]);
  await expect(page.getByText("The new order is saved.")).toBeVisible();
  await page.reload();
  await expect(shelfNames(page)).toHaveText(["Aisle 2: baking", "Aisle 3: dairy", "Aisle 1: produce"]);

  // A shelf added elsewhere meanwhile (another tab): this page's order leaves it out, so the API
  // refuses the whole order, the page says so and shows the shelves as the store has them.
  const auth = { authorization: `Bearer ${await tokenFor(request, owner.login)}` };
  const added = await request.post(`/api/v1/stores/${storeId}/shelves`, {
    headers: auth,
    data: { name: "Checkout", position: 9 },
  });
  expect(added.status()).toBe(201);
  const checkout = (await added.json()) as { id: number };
  await dragShelfToTop(page, "Aisle 1: produce");
  await expect(page.getByRole("alert")).toHaveText(
    `The order must name each shelf of store ID ${storeId} exactly once: shelf ID ${checkout.id} is missing.` +
      " The shelves are shown as the store has them now: move them again.",
  );
  await expect(shelfNames(page)).toHaveText([
    "Aisle 2: baking",
    "Aisle 3: dairy",
    "Aisle 1: produce",
    "Checkout",
  ]);
  await expectAccessible(page);
  await page.getByRole("button", { name: "Remove Checkout" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Remove shelf" }).click();
  await expect(shelfNames(page)).toHaveText(["Aisle 2: baking", "Aisle 3: dairy", "Aisle 1: produce"]);

  // Flour is placed on baking by typing its name.
  const bakingPicker = page.getByRole("combobox", { name: "Place an ingredient on Aisle 2: baking" });
  await bakingPicker.fill("flou");
  await expect(page.getByRole("option", { name: "Flour", exact: true })).toBeVisible();
  await expectAccessible(page); // with the suggestions open
  await page.getByRole("option", { name: "Flour", exact: true }).click();
  await expect(
    shelfCard(page, "Aisle 2: baking").getByRole("link", { name: "Flour", exact: true }),
  ).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}store-shelves-editor.png`, fullPage: true });

  // Placing it on produce too: the API's 409, shown with the offer to move it.
  const producePicker = page.getByRole("combobox", { name: "Place an ingredient on Aisle 1: produce" });
  await producePicker.fill("Flour");
  // By keyboard this time: Enter picks the suggestion the input points at.
  await expect(producePicker).toHaveAttribute("aria-expanded", "true");
  const active = page.locator(`[id="${await producePicker.getAttribute("aria-activedescendant")}"]`);
  await expect(active).toHaveText("Flour");
  await producePicker.press("Enter");
  const offer = shelfCard(page, "Aisle 1: produce").getByRole("alert");
  await expect(offer).toContainText("Ingredient 'Flour' is already on shelf 'Aisle 2: baking'.");
  await expect(offer.getByRole("button", { name: "Leave it on Aisle 2: baking" })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: `${SCREENSHOTS}store-move-offer.png`, fullPage: true });
  // The same in the dark theme.
  await page.emulateMedia({ colorScheme: "dark" });
  await expectAccessible(page);
  await page.screenshot({ path: `${SCREENSHOTS}store-move-offer-dark.png`, fullPage: true });
  await page.emulateMedia({ colorScheme: "light" });
  writes.length = 0;
  await offer.getByRole("button", { name: "Move Flour to Aisle 1: produce" }).click();
  await expect(
    shelfCard(page, "Aisle 1: produce").getByRole("link", { name: "Flour", exact: true }),
  ).toBeVisible();
  await expect(
    shelfCard(page, "Aisle 2: baking").getByRole("link", { name: "Flour", exact: true }),
  ).toHaveCount(0);
  await expect(offer).toHaveCount(0);
  // One request: taken off baking and put on produce together, never on no shelf in between.
  expect(writes).toEqual([
    {
      call: expect.stringMatching(new RegExp(`^PUT /api/v1/stores/${storeId}/shelves/\\d+$`)),
      body: { ingredient_ids: [expect.any(Number)], move: true },
    },
  ]);

  // Renamed, and one taken off and removed after a confirmation.
  await page.getByRole("button", { name: "Rename Aisle 3: dairy" }).click();
  await page.getByLabel("Name of the shelf").fill("Aisle 3: dairy and eggs");
  await page.getByRole("button", { name: "Save name" }).click();
  await expect(shelfNames(page)).toHaveText([
    "Aisle 2: baking",
    "Aisle 3: dairy and eggs",
    "Aisle 1: produce",
  ]);
  await page.getByRole("button", { name: "Remove Aisle 2: baking" }).click();
  const dialog = page.getByRole("dialog", { name: "Remove the shelf “Aisle 2: baking”?" });
  await expect(dialog).toContainText("Its ingredients stay in the catalogue");
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Remove shelf" }).click();
  await expect(shelfNames(page)).toHaveText(["Aisle 3: dairy and eggs", "Aisle 1: produce"]);

  // Someone else reads the same store, in the same order, without a single control to change it.
  const storeUrl = new URL(page.url()).pathname;
  const visitor = await pageOf(browser, request, (await createAccount(request, "visitor")).login);
  await visitor.goto(storeUrl);
  await expect(visitor.getByRole("heading", { level: 1, name: storeName })).toBeVisible();
  await expect(visitor.locator(".shelf-name")).toHaveText(["Aisle 3: dairy and eggs", "Aisle 1: produce"]);
  await expect(visitor.getByRole("link", { name: "Flour", exact: true })).toBeVisible();
  await expect(visitor.getByRole("link", { name: "Edit store" })).toHaveCount(0);
  await expect(visitor.getByRole("button", { name: "Delete store" })).toHaveCount(0);
  await expect(visitor.getByRole("button", { name: /^Move shelf/ })).toHaveCount(0);
  await expect(visitor.getByRole("main").getByRole("combobox")).toHaveCount(0);
  await expectAccessible(visitor);
  // The edit page itself says so instead of offering a form that would fail.
  await visitor.goto(`${storeUrl}/edit`);
  await expect(
    visitor.getByText("Only the person who added this store, or an admin, can change it."),
  ).toBeVisible();
  await visitor.context().close();

  // The owner changes the store's details, then deletes it.
  await page.getByRole("link", { name: "Edit store" }).click();
  await expect(page.getByLabel("Latitude", { exact: true })).toHaveValue("52.37");
  await expectAccessible(page);
  await page.getByLabel("Phone", { exact: true }).fill("+31 20 555 0100");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("link", { name: "+31 20 555 0100" })).toBeVisible();
  await page.getByRole("button", { name: "Delete store" }).click();
  await expect(page.getByRole("dialog")).toContainText("Its shelves go with it.");
  await page.getByRole("dialog").getByRole("button", { name: "Delete store" }).click();
  await expect(page).toHaveURL(/\/stores$/);
  await expect(page.getByRole("link", { name: storeName })).toHaveCount(0);
});

test("an ingredient created with its weights and the recipe that makes it; the API's sentence next to its field", async ({
  page,
  request,
}) => {
  const name = `Pizza dough ${Date.now().toString(36)}`;
  await logInAs(page, request, (await createAccount(request, "ingredients")).login);
  await page.goto("/ingredients");
  await page.getByRole("link", { name: "New ingredient" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New ingredient" })).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel("Name", { exact: true }).fill(name);
  const perMl = page.getByLabel("Grams per millilitre");
  const perPiece = page.getByLabel("Grams per piece");
  // The form's own check first: not a number.
  await perPiece.fill("a lot");
  await page.getByRole("button", { name: "Create ingredient" }).click();
  await expect(errorOf(page, perPiece)).toHaveText("Grams per piece must be a number above 0, e.g. 50.");
  await expect(perPiece).toHaveAccessibleDescription(/must be a number above 0/);
  // Then the API's: a density no food has.
  await perPiece.fill("250");
  await perMl.fill("150");
  await page.getByRole("button", { name: "Create ingredient" }).click();
  await expect(errorOf(page, perMl)).toBeVisible();
  await expect(perMl).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("alert").filter({ hasText: "See the marked fields." })).toBeVisible();
  await expect(perMl).toBeFocused();
  await expectAccessible(page);
  await page.screenshot({ path: `${SCREENSHOTS}ingredient-form-api-error.png`, fullPage: true });

  await perMl.fill("0,9");
  await page.getByLabel("Find the recipe by its title").fill("Pancakes");
  await page
    .getByRole("button", { name: /^Made by Pancakes/ })
    .first()
    .click();
  await expect(page.getByText(/^Made by Pancakes/)).toBeVisible();
  await page.getByRole("button", { name: "Create ingredient" }).click();

  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByText("0.9 g per ml")).toBeVisible();
  await expect(page.getByText("250 g", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Make it yourself: its recipe" })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: `${SCREENSHOTS}ingredient-created.png`, fullPage: true });

  // Changed: the density cleared, the recipe unlinked.
  await page.getByRole("link", { name: "Edit ingredient" }).click();
  await expect(page.getByLabel("Grams per millilitre")).toHaveValue("0.9");
  await expect(page.getByText(/^Made by Pancakes/)).toBeVisible();
  await page.getByLabel("Grams per millilitre").fill("");
  await page.getByRole("button", { name: "Unlink the recipe" }).click();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByText("g per ml")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Make it yourself: its recipe" })).toHaveCount(0);

  // Deleted, after a confirmation.
  await page.getByRole("link", { name: "Edit ingredient" }).click();
  await page.getByRole("button", { name: "Delete ingredient" }).click();
  await expect(page.getByRole("dialog")).toContainText("It leaves the shelves of every store");
  await page.getByRole("dialog").getByRole("button", { name: "Delete ingredient" }).click();
  await expect(page).toHaveURL(/\/ingredients$/);
  await page.getByRole("searchbox", { name: "Search ingredients" }).fill(name);
  await page.getByRole("searchbox", { name: "Search ingredients" }).press("Enter");
  await expect(page.getByText(`No ingredient matches “${name}”`)).toBeVisible();

  // Someone else sees no edit link; the seeded Flour is not theirs to change either.
  await page.goto("/ingredients?q=Flour");
  await page.getByRole("link", { name: "Flour", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Flour" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Edit ingredient" })).toHaveCount(0);
});

test("the admin creates a category with a picture, renames and deletes it, and changes a user's role", async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const suffix = Date.now().toString(36);
  const someone = await createAccount(request, "promoted");

  // A user sees no way to change categories, and the admin pages say they are for admins.
  const user = await pageOf(browser, request, DEV_USER);
  await user.goto("/categories");
  await expect(user.getByRole("heading", { level: 1, name: "Categories" })).toBeVisible();
  await expect(user.getByRole("link", { name: "New category" })).toHaveCount(0);
  await expect(user.getByRole("link", { name: /^Edit / })).toHaveCount(0);
  await expect(
    user.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Users" }),
  ).toHaveCount(0);
  await user.goto("/admin/users");
  await expect(user.getByText("Only admins can see and manage the accounts.")).toBeVisible();
  await user.context().close();

  await logInAs(page, request, DEV_ADMIN);
  await page.goto("/categories");
  await page.getByRole("link", { name: "New category" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New category" })).toBeVisible();
  await expectAccessible(page);
  // A name that is taken: the app's own sentence (lib/errors.ts), in the person's language.
  await page.getByLabel("Name", { exact: true }).fill("Dessert");
  await page.getByRole("button", { name: "Create category" }).click();
  await expect(page.getByRole("alert")).toContainText("“Dessert” already exists.");

  const name = `Brunch ${suffix}`;
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Description", { exact: true }).fill("Late and slow.");
  const picture = await sharp({
    create: { width: 480, height: 320, channels: 3, background: { r: 230, g: 180, b: 40 } },
  })
    .png()
    .toBuffer();
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: "brunch.png", mimeType: "image/png", buffer: picture });
  await expect(page.getByRole("img", { name: "Preview of the chosen picture" })).toBeVisible();
  const upload = page.waitForRequest(
    (r) => r.method() === "PUT" && /\/categories\/\d+\/image$/.test(r.url()),
  );
  await page.getByRole("button", { name: "Create category" }).click();
  expect((await (await upload).response())?.status()).toBe(200);
  await expect(page).toHaveURL(/\/categories$/);
  await expect(page.getByRole("link", { name: new RegExp(`^${name}`) })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("link", { name: `Edit ${name}` }).click();
  await expect(page.getByRole("img", { name: "The current picture" })).toBeVisible();
  await page.getByLabel("Name", { exact: true }).fill(`${name} and lunch`);
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("link", { name: new RegExp(`^${name} and lunch`) })).toBeVisible();

  await page.getByRole("link", { name: `Edit ${name} and lunch` }).click();
  await page.getByRole("button", { name: "Delete category" }).click();
  await expect(page.getByRole("dialog")).toContainText("The recipes filed under it stay");
  await expectAccessible(page);
  await page.getByRole("dialog").getByRole("button", { name: "Delete category" }).click();
  await expect(page).toHaveURL(/\/categories$/);
  await expect(page.getByRole("link", { name: new RegExp(`^${name}`) })).toHaveCount(0);

  // A delete the API refuses (recipes use Flour) shows its sentence, and Flour stays.
  await page.goto("/ingredients?q=Flour");
  await page.getByRole("link", { name: "Flour", exact: true }).click();
  await page.getByRole("link", { name: "Edit ingredient" }).click();
  await page.getByRole("button", { name: "Delete ingredient" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete ingredient" }).click();
  await expect(page.getByRole("dialog").getByRole("alert")).toHaveText(
    /^Ingredient ID \d+ is used by \d+ recipes?\.$/,
  );
  await expectAccessible(page);
  await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Edit “Flour”" })).toBeVisible();

  // The users list: someone becomes an admin.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Users" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();
  const role = page.getByLabel(`Role of ${someone.username}`, { exact: true });
  // Further pages load as the end of the list comes into view.
  await expect(async () => {
    await page.keyboard.press("End");
    await expect(role).toBeVisible({ timeout: 1000 });
  }).toPass();
  await expectAccessible(page);
  await role.selectOption("admin");
  await page.getByRole("button", { name: `Change role of ${someone.username}` }).click();
  await expect(page.getByText(`${someone.username} is now an admin.`)).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}admin-users.png`, fullPage: true });
  await page.emulateMedia({ colorScheme: "dark" });
  await expectAccessible(page);
  await page.emulateMedia({ colorScheme: "light" });
  const admin = await tokenFor(request, DEV_ADMIN);
  const read = await request.get(`/api/v1/users/${someone.id}`, {
    headers: { Authorization: `Bearer ${admin}` },
  });
  expect(((await read.json()) as { role: string }).role).toBe("admin");

  // And their account is deleted, after a confirmation that says what goes with it.
  await page.getByRole("button", { name: `Delete ${someone.username}` }).click();
  await expect(page.getByRole("dialog")).toContainText(
    "Their recipes, shopping lists and meal plan go with it.",
  );
  await page.getByRole("dialog").getByRole("button", { name: "Delete account" }).click();
  await expect(page.getByLabel(`Role of ${someone.username}`, { exact: true })).toHaveCount(0);
  expect(await tokenFor(request, someone.login)).toBeNull();
});

test("two names for one thing: the admin merges an ingredient (a recipe's two lines add up) and a category", async ({
  page,
  request,
}) => {
  const suffix = Date.now().toString(36);
  const admin = await tokenFor(request, DEV_ADMIN);
  const headers = { Authorization: `Bearer ${admin}` };
  const post = async (path: string, data: unknown) => {
    const response = await request.post(`/api/v1${path}`, { headers, data });
    expect(response.status(), path).toBeLessThan(300);
    return (await response.json()) as { id: number; name: string };
  };
  const scallion = await post("/ingredients", { name: `Scallion ${suffix}` });
  const springOnion = await post("/ingredients", { name: `Spring onion ${suffix}` });
  const stews = await post("/categories", { name: `Stews ${suffix}` });
  const onePot = await post("/categories", { name: `One pot ${suffix}` });
  const recipe = await post("/recipes", {
    title: `Noodle soup ${suffix}`,
    category_ids: [stews.id],
    ingredients: [
      { ingredient_id: springOnion.id, amount_grams: 30, amount_readable: "2 tbsp" },
      { ingredient_id: scallion.id, amount_grams: 15, amount_readable: "1 tbsp, sliced" },
    ],
  });

  await logInAs(page, request, DEV_ADMIN);
  await page.goto(`/ingredients/${scallion.id}/edit`);
  await expect(page.getByRole("heading", { name: "Merge into another ingredient" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Merge…" })).toBeDisabled();
  const keep = page.getByRole("combobox", { name: "The ingredient to keep" });
  await keep.fill(`spring onions ${suffix}`.slice(0, 13));
  await page.getByRole("option", { name: springOnion.name, exact: true }).click();
  // Only existing ingredients: no "Create" where a merge needs one that is there.
  await keep.fill(`Nothing like it ${suffix}`);
  await expect(page.getByRole("main").getByRole("option")).toHaveCount(0);
  await keep.fill("Spring onion");
  await page.getByRole("option", { name: springOnion.name, exact: true }).click();
  await page.getByRole("button", { name: "Merge…" }).click();
  const dialog = page.getByRole("dialog", { name: `Merge “${scallion.name}” into “${springOnion.name}”?` });
  await expect(dialog).toContainText("two lines of one recipe add up");
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Merge" }).click();
  await expect(page).toHaveURL(new RegExp(`/ingredients/${springOnion.id}$`));
  await expect(page.getByRole("heading", { level: 1, name: springOnion.name })).toBeVisible();
  const read = (await (await request.get(`/api/v1/recipes/${recipe.id}`)).json()) as {
    ingredients: { ingredient_id: number; amount_grams: number; amount_readable: string }[];
    categories: { id: number }[];
  };
  expect(read.ingredients).toEqual([
    expect.objectContaining({
      ingredient_id: springOnion.id,
      amount_grams: 45,
      amount_readable: "3 tbsp, sliced",
    }),
  ]);
  expect((await request.get(`/api/v1/ingredients/${scallion.id}`)).status()).toBe(404);

  await page.goto(`/categories/${stews.id}/edit`);
  await page.getByLabel("The category to keep").selectOption({ label: onePot.name });
  await page.getByRole("button", { name: "Merge…" }).click();
  await expect(page.getByRole("dialog")).toContainText(
    "Every recipe filed under it will be filed under the other",
  );
  await page.getByRole("dialog").getByRole("button", { name: "Merge" }).click();
  await expect(page).toHaveURL(/\/categories$/);
  await expect(page.getByRole("link", { name: new RegExp(`^${stews.name}`) })).toHaveCount(0);
  await expectAccessible(page);
  const filed = (await (await request.get(`/api/v1/recipes/${recipe.id}`)).json()) as {
    categories: { id: number }[];
  };
  expect(filed.categories.map((c) => c.id)).toEqual([onePot.id]);
});

test("account: email and password changed with the current password, then the account deleted", async ({
  page,
  request,
}) => {
  const me = await createAccount(request, "account");
  await logInAs(page, request, me.login);
  await page.goto("/account");
  await expect(page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
  await expectAccessible(page);

  const email = page.getByRole("region", { name: "Email" });
  const newEmail = `new-${me.email}`;
  await email.getByLabel("New email").fill(newEmail);
  await email.getByLabel("Current password").fill("not my password");
  await email.getByRole("button", { name: "Change email" }).click();
  await expect(email.getByRole("alert")).toHaveText("Current password is incorrect.");
  await email.getByLabel("Current password").fill(me.password);
  await email.getByRole("button", { name: "Change email" }).click();
  await expect(email.getByText(`Your email is now ${newEmail}.`)).toBeVisible();
  await expect(page.locator(".facts")).toContainText(newEmail);

  const password = page.getByRole("region", { name: "Password" });
  await password.getByLabel("Current password").fill(me.password);
  await password.getByLabel("New password").fill("short");
  await password.getByRole("button", { name: "Change password" }).click();
  await expect(password.getByLabel("New password")).toHaveAccessibleDescription(
    /The new password needs at least 12 characters\./,
  );
  const newPassword = "an even longer password";
  await password.getByLabel("New password").fill(newPassword);
  await password.getByRole("button", { name: "Change password" }).click();
  await expect(password.getByText(/^Your password is changed\./)).toBeVisible();
  expect(await tokenFor(request, me.login)).toBeNull();
  expect(await tokenFor(request, { username: me.username, password: newPassword })).not.toBeNull();
  // Still signed in here, with a token issued after the change.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
  await expect(page.locator(".account-name")).toHaveText(me.username);

  await page.getByRole("button", { name: "Delete my account" }).click();
  const dialog = page.getByRole("dialog", { name: `Delete the account “${me.username}”?` });
  await expect(dialog).toContainText(
    "Your recipes (with their pictures), your shopping lists and your meal plan",
  );
  await expect(dialog).toContainText("The stores and ingredients you added stay");
  await expectAccessible(page);
  await page.screenshot({ path: `${SCREENSHOTS}account-delete-dialog.png`, fullPage: true });
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole("button", { name: "Delete my account" }).click();
  await dialog.getByRole("button", { name: "Delete my account" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("link", { name: "Log in" })).toBeVisible();
  expect(await tokenFor(request, { username: me.username, password: newPassword })).toBeNull();
});

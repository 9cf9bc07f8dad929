/**
 * The recipe editor and the picture field (issue 14: 1, 2) in Chromium against the real API: write a
 * recipe with an ingredient created on the spot and a 12 MP photo, find it, reorder and change it,
 * delete it; the API's sentence next to its field; a session ended mid-edit keeps the draft;
 * a line without grams (`salt to taste`) saved as unknown; the profile picture. axe on every page and dialog; screenshots at phone and desktop size.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, type Locator, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { DEV_USER, expectAccessible, logInAs, pageToken, pickUpByKeyboard, signUp } from "./helpers.ts";

const SCREENSHOTS = new URL("./screenshots/", import.meta.url).pathname;
mkdirSync(SCREENSHOTS, { recursive: true });

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const MB = 1024 * 1024;

/** Opens a place of the main navigation: on a phone the everyday ones are in view, the rest under "More". */
async function openFromNav(page: Page, name: string) {
  const nav = page.getByRole("navigation", { name: "Main" });
  const link = nav.getByRole("link", { name });
  if (!(await link.isVisible())) await nav.getByRole("button", { name: "More" }).click();
  await link.click();
}

/** Full-page screenshots at phone and desktop size, ending at the size it started with. */
async function shoot(page: Page, name: string) {
  const start = page.viewportSize() ?? PHONE;
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `${SCREENSHOTS}${name}-${size.width}x${size.height}.png`, fullPage: true });
  }
  await page.setViewportSize(start);
}

/**
 * A phone photo: 4000 × 3000 (12 MP) JPEG of fine grain, so it is well over the API's 5 MB, the
 * way a real photo of a detailed scene is.
 */
async function phonePhoto(): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 3) {
    const x = (i / 3) % width;
    const y = Math.floor(i / 3 / width);
    const grain = (Math.random() * 90) | 0;
    pixels[i] = ((x / width) * 160 + grain) | 0;
    pixels[i + 1] = ((y / height) * 120 + grain) | 0;
    pixels[i + 2] = 60 + grain;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
}

const lines = (page: Page) => page.locator(".editor-lines > li");
/** The error shown under a field (the innermost `.field` or time fieldset holding the control). */
const errorOf = (page: Page, control: Locator): Locator =>
  page.locator(".field, .time-field").filter({ has: control }).last().locator(".field-error");

test("sign up → write a recipe (an ingredient created on the spot, a 12 MP photo) → find it → reorder and change it → delete it", async ({
  page,
}) => {
  test.setTimeout(360_000); // a long journey, and a 12 MP photo to make and scale down
  const suffix = Date.now().toString(36);
  const title = `Lemon drizzle ${suffix}`;
  const curd = `Lemon curd ${suffix}`;
  await page.setViewportSize(PHONE);
  await signUp(page, "editor");

  // Another person's recipe shows no edit controls.
  await page.goto("/?q=pancakes");
  await page
    .getByRole("link", { name: /Pancakes/ })
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Pancakes" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Start cooking" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Edit recipe" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Delete recipe" })).toHaveCount(0);

  await openFromNav(page, "New recipe");
  await expect(page.getByRole("heading", { level: 1, name: "New recipe" })).toBeVisible();
  await expectAccessible(page);
  await shoot(page, "recipe-editor-new");

  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Description", { exact: true }).fill("A tender sponge soaked in lemon syrup.");
  await page.getByRole("textbox", { name: "Prep time minutes" }).fill("20");
  await page.getByRole("textbox", { name: "Cook time hours" }).fill("1");
  await page.getByRole("textbox", { name: "Cook time minutes" }).fill("5");
  // The syrup soaks in for a while: the whole time is more than prep + cook.
  await page.getByRole("textbox", { name: "Total time (optional) hours" }).fill("3");
  await page.getByLabel("Servings", { exact: true }).fill("8");
  await page.getByRole("checkbox", { name: "Dessert" }).check();

  // Line 1: an ingredient that exists, picked by typing and the keyboard.
  const flourPicker = page.getByRole("combobox", { name: "Ingredient 1" });
  await flourPicker.fill("flou");
  await expect(page.getByRole("option", { name: "Flour", exact: true })).toBeVisible();
  await expectAccessible(page); // with the suggestions open
  await page.getByRole("option", { name: "Flour", exact: true }).click();
  await expect(flourPicker).toHaveValue("Flour");
  await lines(page).nth(0).getByLabel("Grams").fill("200");
  await lines(page).nth(0).getByLabel("Amount as written").fill("1 1/2 cups");

  // Line 2: an ingredient that does not exist yet, created on the spot.
  await page.getByRole("button", { name: "Add an ingredient" }).click();
  const curdPicker = page.getByRole("combobox", { name: "Ingredient 2" });
  await curdPicker.fill(curd);
  await page.getByRole("option", { name: `Create “${curd}”` }).click();
  await expect(curdPicker).toHaveAttribute("data-picked", "true");
  await lines(page).nth(1).getByLabel("Grams").fill("50");
  await lines(page).nth(1).getByLabel("Amount as written").fill("3 tbsp");

  await page.getByLabel("Step 1", { exact: true }).fill("Cream the butter and sugar, then beat in the eggs.");
  await page.getByRole("button", { name: "Add a step" }).click();
  await page
    .getByLabel("Step 2", { exact: true })
    .fill("Bake for 45 minutes and pour the syrup over while warm.");

  // A 12 MP photo over 5 MB: previewed at once, scaled down in the browser, uploaded on save.
  const photo = await phonePhoto();
  expect(photo.length).toBeGreaterThan(5 * MB);
  const photoFile = join(mkdtempSync(join(tmpdir(), "recipes-e2e-photo-")), "IMG_0042.jpg");
  writeFileSync(photoFile, photo);
  await page.locator('input[type="file"]').setInputFiles(photoFile);
  // Decoding and re-encoding 12 MP in software (no GPU here) takes a while on a busy machine.
  await expect(page.getByRole("img", { name: "Preview of the chosen picture" })).toBeVisible({
    timeout: 90_000,
  });
  await expect(page.getByText("The picture will be uploaded when you save.")).toBeVisible();
  await expectAccessible(page);
  await shoot(page, "recipe-editor-filled");

  const upload = page.waitForRequest((r) => r.method() === "PUT" && /\/recipes\/\d+\/image$/.test(r.url()));
  await page.getByRole("button", { name: "Create recipe" }).click();
  // The API took it (no 413): the browser sent the photo scaled down.
  expect((await (await upload).response())?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page).toHaveURL(/\/recipes\/\d+$/);
  const recipeUrl = new URL(page.url()).pathname;
  const picture = page.locator(".recipe-picture img");
  await expect(picture).toBeVisible();
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(1000);
  expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeLessThanOrEqual(2560);
  await expect(page.locator(".ingredient").filter({ hasText: curd })).toContainText("50 g");
  await expect(page.locator(".steps li").first()).toContainText("Cream the butter");
  await expect(page.locator(".facts div").filter({ hasText: "Total" }).locator("dd")).toHaveText("3 h");

  // Find it by search.
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Recipes", exact: true })
    .click();
  await page.getByRole("searchbox", { name: "Search recipes" }).fill(title);
  await page.getByRole("searchbox", { name: "Search recipes" }).press("Enter");
  await page
    .getByRole("link", { name: new RegExp(title) })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`${recipeUrl}$`));

  // Edit: step 2 moves up by keyboard, the curd line moves up by drag, the flour amount changes.
  await page.getByRole("link", { name: "Edit recipe" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Edit “${title}”` })).toBeVisible();
  await expect(page.getByRole("img", { name: "The current picture" })).toBeVisible();
  await page.getByRole("button", { name: "Move step 2", exact: true }).focus();
  // What a screen reader hears is dnd-kit's live region; each key waits for its announcement.
  const announced = (text: string) => page.locator('[id^="DndLiveRegion"]').filter({ hasText: text });
  await pickUpByKeyboard(page);
  await expect(announced("step 2 is over position 2 of 2.")).toHaveCount(1);
  await page.keyboard.press("ArrowUp");
  await expect(announced("step 2 is over position 1 of 2.")).toHaveCount(1);
  await page.keyboard.press("Space");
  await expect(announced("step 2 was dropped at position 1 of 2.")).toHaveCount(1);
  await expect(page.getByLabel("Step 1", { exact: true })).toHaveValue(/^Bake for 45 minutes/);
  await expect(page.getByLabel("Step 2", { exact: true })).toHaveValue(/^Cream the butter/);

  // The flour amount changes while flour is still line 1. (Typed within milliseconds of a drop,
  // faster than a person types, it was lost in most whole-suite runs on a busy machine, though never
  // alone; react-hook-form re-binds the moved rows' fields around then. Not chased further.)
  await lines(page).nth(0).getByLabel("Grams").fill("250");

  await page.setViewportSize(DESKTOP);
  const handle = page.getByRole("button", { name: `Move ${curd}`, exact: true });
  await lines(page).nth(1).scrollIntoViewIfNeeded(); // the mouse reaches only what is on screen
  const target = await lines(page).nth(0).boundingBox();
  const from = await handle.boundingBox();
  if (!target || !from) throw new Error("The ingredient lines are not on screen.");
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, target.y + 5, { steps: 12 });
  await page.mouse.move(from.x + from.width / 2, target.y + 2, { steps: 3 });
  await page.mouse.up();
  await expect(announced("ingredient line 2 was dropped at position 1 of 2.")).toHaveCount(1);
  await expect(page.getByRole("combobox", { name: "Ingredient 1" })).toHaveValue(curd);
  await expect(page.getByRole("combobox", { name: "Ingredient 2" })).toHaveValue("Flour");
  // Each line keeps its own amount through the move.
  await expect(lines(page).nth(0).getByLabel("Grams")).toHaveValue("50");
  await expect(lines(page).nth(1).getByLabel("Grams")).toHaveValue("250");
  await expectAccessible(page);
  await shoot(page, "recipe-editor-edit");
  await page.getByRole("button", { name: "Save changes" }).click();

  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.locator(".steps li").first()).toContainText("Bake for 45 minutes");
  await expect(page.locator(".ingredient").first()).toContainText(curd);
  await expect(
    page.locator(".ingredient").filter({ hasText: "Flour" }).locator(".ingredient-grams"),
  ).toHaveText("250 g");

  // Delete, after a confirmation.
  await page.getByRole("button", { name: "Delete recipe" }).click();
  const dialog = page.getByRole("dialog", { name: `Delete “${title}”?` });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await shoot(page, "recipe-delete-dialog");
  await dialog.getByRole("button", { name: "Delete recipe" }).click();
  await expect(page).toHaveURL(/\/my-recipes$/);
  await expect(page.getByRole("heading", { name: "No recipes yet" })).toBeVisible();
  const gone = await page.request.get(`/api/v1${recipeUrl}`);
  expect(gone.status()).toBe(404);
});

test("a field the API refuses shows the API's sentence next to it, and nothing typed is lost", async ({
  page,
  request,
}) => {
  await logInAs(page, request);
  await page.goto("/recipes/new");
  await page.getByLabel("Title", { exact: true }).fill("Soup with a bad link");
  await page.getByLabel("Source address", { exact: true }).fill("ftp://example.com/soup");
  await page.getByLabel("Step 1", { exact: true }).fill("Simmer.");
  // The first ingredient line is left empty: the form asks for it before anything is sent.
  await page.getByRole("button", { name: "Remove line 1" }).click();
  await page.getByRole("button", { name: "Create recipe" }).click();

  const source = page.getByLabel("Source address", { exact: true });
  await expect(errorOf(page, source)).toHaveText("Must be an http or https address without spaces.");
  await expect(source).toHaveAttribute("aria-invalid", "true");
  await expect(source).toHaveAccessibleDescription(/Must be an http or https address without spaces\./);
  await expect(page.getByRole("alert").filter({ hasText: "See the marked fields." })).toBeVisible();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue("Soup with a bad link");
  await expect(page.getByLabel("Step 1", { exact: true })).toHaveValue("Simmer.");
  await expectAccessible(page);
  await shoot(page, "recipe-editor-api-error");

  // The form's own checks speak before the API is asked.
  const step = page.getByLabel("Step 1", { exact: true });
  const hours = page.getByRole("textbox", { name: "Prep time hours" });
  await step.fill("");
  await hours.fill("1.5");
  await page.getByRole("button", { name: "Create recipe" }).click();
  await expect(errorOf(page, step)).toHaveText("Write the step, or remove it.");
  await expect(step).toHaveAccessibleDescription("Write the step, or remove it.");
  await expect(errorOf(page, hours)).toHaveText("Hours must be a whole number.");
  await expect(hours).toHaveAccessibleDescription("Hours must be a whole number.");
});

test("a session ended mid-edit (signed out from another device) keeps the draft: log in again, get it back", async ({
  page,
  request,
}) => {
  await logInAs(page, request);
  await page.goto("/recipes/new");
  await page.getByLabel("Title", { exact: true }).fill("Half-written stew");
  await page.getByLabel("Step 1", { exact: true }).fill("Brown the meat in batches.");

  // Another device ends this session (the account page's "Sign out" is the same route): the editor's
  // next request is refused, its refresh too, so the person logs in and comes back here.
  const token = await pageToken(page);
  const ended = await request.post("/api/v1/auth/logout", { headers: { Authorization: `Bearer ${token}` } });
  expect(ended.status()).toBe(204);
  await page.getByRole("textbox", { name: "Line 1 as written" }).fill("500 g beef");
  await page.getByRole("textbox", { name: "Line 1 as written" }).blur();
  await expect(page).toHaveURL(/\/login\?redirect=%2Frecipes%2Fnew&expired=true$/);
  await page.getByLabel("Username or email").fill(DEV_USER.username);
  await page.getByLabel("Password").fill(DEV_USER.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/recipes\/new$/);

  const offer = page.getByRole("alert").filter({ hasText: "You have unsaved changes" });
  await expect(offer).toBeVisible();
  await expectAccessible(page);
  await shoot(page, "recipe-editor-draft-offer");
  await offer.getByRole("button", { name: "Restore my changes" }).click();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue("Half-written stew");
  await expect(page.getByLabel("Step 1", { exact: true })).toHaveValue("Brown the meat in batches.");
});

test("leaving with unsaved changes asks first; discarding forgets the draft", async ({ page, request }) => {
  await logInAs(page, request);
  await page.goto("/recipes/new");
  await page.getByLabel("Title", { exact: true }).fill("Half-written stew");
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("link", { name: "Recipes", exact: true }).click();
  const leave = page.getByRole("dialog", { name: "Leave without saving?" });
  await expect(leave).toBeVisible();
  await expectAccessible(page);
  await leave.getByRole("button", { name: "Keep editing" }).click();
  await expect(page).toHaveURL(/\/recipes\/new$/);
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue("Half-written stew");
  await nav.getByRole("link", { name: "Recipes", exact: true }).click();
  await leave.getByRole("button", { name: "Discard changes" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Recipes" })).toBeVisible();
  await page.goto("/recipes/new");
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue("");
  await expect(page.getByText("You have unsaved changes")).toHaveCount(0);
});

test("a line written as on paper fills in its grams, ingredient and note; saved without typing grams", async ({
  page,
  request,
}) => {
  await logInAs(page, request);
  const parses: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && r.url().endsWith("/ingredient-lines/parse")) parses.push(r.postData() ?? "");
  });
  await page.goto("/recipes/new");
  const title = `Sifted bread ${Date.now().toString(36)}`;
  await page.getByLabel("Title", { exact: true }).fill(title);

  // Typed key by key, as a person does: one read after the pause, not one per key.
  const written = page.getByRole("textbox", { name: "Line 1 as written" });
  await written.pressSequentially("1 1/2 cups flour, sifted", { delay: 20 });
  const line = lines(page).nth(0);
  // 187.5 g by the API's table for flour; the field shows whole grams.
  await expect(line.getByLabel("Grams")).toHaveValue("188");
  await expect(page.getByRole("combobox", { name: "Ingredient 1" })).toHaveValue("Flour");
  await expect(page.getByRole("combobox", { name: "Ingredient 1" })).toHaveAttribute("data-picked", "true");
  await expect(line.getByLabel("Amount as written")).toHaveValue("1 1/2 cups, sifted");
  await expect(line.getByText("Grams from: volume × density")).toBeVisible();
  await expect(line.getByLabel("Grams")).toHaveAccessibleDescription(/Grams from: volume × density/);
  await line.screenshot({ path: `${SCREENSHOTS}recipe-editor-line-parsed.png` });
  expect(parses).toHaveLength(1);
  expect(JSON.parse(parses[0] ?? "{}")).toEqual({ lines: ["1 1/2 cups flour, sifted"] });

  // A field changed by hand stays as it is when the line is written again; the others follow it.
  await line.getByLabel("Amount as written").fill("1 1/2 cups (sifted)");
  await written.fill("1 1/2 cups flour");
  await written.blur(); // leaving the box reads it at once
  await expect.poll(() => parses.length).toBe(2);
  await expect(line.getByLabel("Amount as written")).toHaveValue("1 1/2 cups (sifted)");
  await expect(line.getByLabel("Grams")).toHaveValue("188");
  await expectAccessible(page);

  await page.getByLabel("Step 1", { exact: true }).fill("Sift the flour into a bowl.");
  await page.getByRole("button", { name: "Create recipe" }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(
    page.locator(".ingredient").filter({ hasText: "Flour" }).locator(".ingredient-grams"),
  ).toHaveText("188 g");
  const id = new URL(page.url()).pathname.split("/").pop();
  const saved = (await (await request.get(`/api/v1/recipes/${id}`)).json()) as {
    ingredients: { name: string; amount_grams: number; amount_readable: string }[];
  };
  expect(saved.ingredients).toEqual([
    expect.objectContaining({ name: "Flour", amount_grams: 188, amount_readable: "1 1/2 cups (sifted)" }),
  ]);
});

test("a typed irregular plural is the ingredient that exists (`bay leaf` is `Bay leaves`), also when it appeared meanwhile", async ({
  page,
  request,
}) => {
  const { access_token } = (await (await request.post("/api/v1/auth/token", { data: DEV_USER })).json()) as {
    access_token: string;
  };
  const createIngredient = (name: string) =>
    request.post("/api/v1/ingredients", {
      data: { name },
      headers: { Authorization: `Bearer ${access_token}` },
    });
  const word = `Zq${Date.now().toString(36).replace(/\d/g, "")}`;
  const leaves = `${word} bay leaves`;
  expect((await createIngredient(leaves)).status()).toBe(201);
  await logInAs(page, request);
  await page.goto("/recipes/new");
  const title = `Bay stew ${Date.now().toString(36)}`;
  await page.getByLabel("Title", { exact: true }).fill(title);

  // The line's `bay leaf` is the stored `bay leaves`, picked as it is.
  await page.getByRole("textbox", { name: "Line 1 as written" }).fill(`2 ${word.toLowerCase()} bay leaf`);
  await page.getByRole("textbox", { name: "Line 1 as written" }).blur();
  await expect(page.getByRole("combobox", { name: "Ingredient 1" })).toHaveValue(leaves);
  await expect(page.getByRole("combobox", { name: "Ingredient 1" })).toHaveAttribute("data-picked", "true");

  // A line whose ingredient is new when typed; someone else makes it (as `… loaves`) before the
  // person chooses "Create": the picker takes the one that exists instead of failing.
  await page.getByRole("button", { name: "Add an ingredient" }).click();
  await page.getByRole("textbox", { name: "Line 2 as written" }).fill(`1 ${word.toLowerCase()} loaf`);
  await page.getByRole("textbox", { name: "Line 2 as written" }).blur();
  const picker = page.getByRole("combobox", { name: "Ingredient 2" });
  await expect(picker).toHaveValue(`${word} loaf`);
  await expect(picker).not.toHaveAttribute("data-picked", "true");
  const loaves = (await (await createIngredient(`${word} loaves`)).json()) as { id: number; name: string };
  await picker.fill(`${word} loaf`);
  await page.getByRole("option", { name: `Create “${word} loaf”` }).click();
  await expect(picker).toHaveValue(loaves.name);
  await expect(picker).toHaveAttribute("data-picked", "true");

  await page.getByLabel("Step 1", { exact: true }).fill("Simmer with the bay leaves.");
  await page.getByRole("button", { name: "Create recipe" }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const id = new URL(page.url()).pathname.split("/").pop();
  const saved = (await (await request.get(`/api/v1/recipes/${id}`)).json()) as {
    ingredients: { ingredient_id: number; name: string }[];
  };
  expect(saved.ingredients.map((line) => line.name)).toEqual([leaves, loaves.name]);
  expect(saved.ingredients[1]?.ingredient_id).toBe(loaves.id);
  const named = (await (
    await request.get(`/api/v1/ingredients?q=${encodeURIComponent(word)}&limit=100`)
  ).json()) as { items: { name: string }[] };
  expect(named.items.map((item) => item.name).sort()).toEqual([leaves, loaves.name].sort());
});

test("a line without grams (`salt to taste`) saves as unknown: shown as written, without grams, and saved again unchanged", async ({
  page,
  request,
}) => {
  await logInAs(page, request);
  await page.goto("/recipes/new");
  const title = `Plain bread ${Date.now().toString(36)}`;
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Servings", { exact: true }).fill("4");
  await page.getByRole("textbox", { name: "Line 1 as written" }).fill("500 g flour");
  await page.getByRole("textbox", { name: "Line 1 as written" }).blur();
  await expect(lines(page).nth(0).getByLabel("Grams")).toHaveValue("500");
  await page.getByRole("button", { name: "Add an ingredient" }).click();
  await page.getByRole("textbox", { name: "Line 2 as written" }).fill("salt to taste");
  await page.getByRole("textbox", { name: "Line 2 as written" }).blur();
  const salt = lines(page).nth(1);
  await expect(page.getByRole("combobox", { name: "Ingredient 2" })).toHaveValue("Salt");
  await expect(salt.getByLabel("Amount as written")).toHaveValue("to taste");
  // No grams to read: the field stays empty, and that is allowed.
  await expect(salt.getByLabel("Grams")).toHaveValue("");
  await expect(salt.getByText("Grams from: unknown")).toBeVisible();
  await page.getByLabel("Step 1", { exact: true }).fill("Mix, knead, bake.");
  await expectAccessible(page);
  await page.getByRole("button", { name: "Create recipe" }).click();

  // The recipe page: the salt line is its amount as written alone, not 0 g.
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const saltLine = page.locator(".ingredient").filter({ hasText: "Salt" });
  await expect(saltLine).toContainText("to taste");
  await expect(saltLine.locator(".ingredient-grams")).toHaveText("");
  await expect(
    page.locator(".ingredient").filter({ hasText: "Flour" }).locator(".ingredient-grams"),
  ).toHaveText("500 g");
  await expectAccessible(page);
  const id = new URL(page.url()).pathname.split("/").pop();
  const read = async () =>
    (
      (await (await request.get(`/api/v1/recipes/${id}`)).json()) as {
        ingredients: { name: string; amount_grams: number | null; amount_readable: string }[];
      }
    ).ingredients;
  expect(await read()).toEqual([
    expect.objectContaining({ name: "Flour", amount_grams: 500 }),
    expect.objectContaining({ name: "Salt", amount_grams: null, amount_readable: "to taste" }),
  ]);

  // Scaled, the salt stays unknown; cook mode lists it without grams too.
  await page.getByRole("button", { name: "More servings" }).click();
  await expect(
    page.locator(".ingredient").filter({ hasText: "Flour" }).locator(".ingredient-grams"),
  ).toHaveText("625 g");
  await expect(saltLine.locator(".ingredient-grams")).toHaveText("");
  await page.getByRole("link", { name: "Start cooking" }).click();
  await expect(page.getByRole("checkbox", { name: "Salt (to taste)", exact: true })).toBeVisible();
  await page.goBack();

  // Edited again, the line still has no grams (not "null", not 0) and saves as it is.
  await page.getByRole("link", { name: "Edit recipe" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Edit “${title}”` })).toBeVisible();
  await expect(lines(page).nth(1).getByLabel("Grams")).toHaveValue("");
  await page.getByLabel("Description", { exact: true }).fill("Salt as you like it.");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByText("Salt as you like it.")).toBeVisible();
  expect((await read()).map((l) => l.amount_grams)).toEqual([500, null]);
});

test("the ingredient picker offers what exists first, ignoring case and plural; creating is a choice", async ({
  page,
  request,
}) => {
  const token = (await (await request.post("/api/v1/auth/token", { data: DEV_USER })).json()) as {
    access_token: string;
  };
  const name = `Zq${Date.now().toString(36)} lentil`;
  const created = await request.post("/api/v1/ingredients", {
    data: { name },
    headers: { Authorization: `Bearer ${token.access_token}` },
  });
  expect(created.status()).toBe(201);
  await logInAs(page, request);
  await page.goto("/recipes/new");
  const picker = page.getByRole("combobox", { name: "Ingredient 1" });

  // The plural finds the singular, whatever the case; it is the same name, so nothing to create.
  await picker.fill(`${name.split(" ")[0]} LENTILS`);
  await expect(page.getByRole("option", { name, exact: true })).toBeVisible();
  await expect(page.getByRole("option", { name: /^Create/ })).toHaveCount(0);
  await expectAccessible(page); // with the suggestions open

  // A part of a word: the match first and active; "Create …" last, and Enter does not choose it.
  const partial = `${name.split(" ")[0]} lent`;
  await picker.fill(partial);
  // The picker's own options: the header's language <select> has options too.
  const options = page.getByRole("listbox").getByRole("option");
  await expect(options.last()).toHaveText(`Create “${partial}”`);
  await expect(options.first()).toHaveText(name);
  await expect(options.first()).toHaveAttribute("aria-selected", "true");
  await expect(options.last()).toHaveAttribute("aria-selected", "false");
  await picker.press("Enter");
  await expect(picker).toHaveValue(name);
  await expect(picker).toHaveAttribute("data-picked", "true");
});

test("account: a profile picture is chosen, previewed, uploaded, replaced and removed", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signUp(page, "picture");
  await openFromNav(page, "Account");
  await expect(page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
  await expectAccessible(page);

  // The page has other file inputs (an archive to import): this is the picture's.
  const portrait = await sharp({
    create: { width: 600, height: 600, channels: 3, background: { r: 200, g: 120, b: 60 } },
  })
    .png()
    .toBuffer();
  await page
    .locator('input[type="file"][aria-label="Your picture"]')
    .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: portrait });
  await expect(page.getByText("Picture uploaded.")).toBeVisible();
  await expect(page.getByRole("img", { name: "The current picture" })).toBeVisible();
  await shoot(page, "account");

  const first = await page.getByRole("img", { name: "The current picture" }).getAttribute("src");
  await page
    .locator('input[type="file"][aria-label="Your picture"]')
    .setInputFiles({ name: "me2.png", mimeType: "image/png", buffer: portrait });
  await expect(page.getByRole("img", { name: "The current picture" })).not.toHaveAttribute(
    "src",
    first ?? "",
  );

  await page.getByRole("button", { name: "Remove picture" }).click();
  await expect(page.getByText("Picture removed.")).toBeVisible();
  await expect(page.getByRole("img", { name: "The current picture" })).toHaveCount(0);
  await expect(page.getByText("Drop a picture here, or choose one.")).toBeVisible();
});

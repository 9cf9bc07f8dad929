/**
 * Import and export (issues 18 and 19) in Chromium against the real API: a recipe imported from a
 * page this test serves on 127.0.0.1 (the run allows private hosts: global-setup.ts), reviewed,
 * fixed and saved with its picture and source link; the recipe page's JSON-LD in the head and as a
 * download; "Export my recipes" downloaded and imported by another account, whose recipes then list
 * it; an admin's "Back up everything". axe on every page; screenshots in e2e/screenshots/.
 */
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { expectAccessible, logInAs, newAccount } from "./helpers.ts";

const SCREENSHOTS = new URL("./screenshots/", import.meta.url).pathname;
const SIZES = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

/** axe and a full-page screenshot at phone and desktop size, ending at desktop size. */
async function checkAndShoot(page: Page, name: string) {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await expectAccessible(page);
    await page.screenshot({ path: `${SCREENSHOTS}${name}-${size.width}x${size.height}.png`, fullPage: true });
  }
}

/** A recipe page as sites write them: JSON-LD in a Yoast-style @graph, a relative picture address. */
function recipePage(title: string, newIngredient: string): string {
  const recipe = {
    "@type": "Recipe",
    name: title,
    description: "Tender scones for tea.",
    image: { "@type": "ImageObject", url: "/pictures/scones.jpg" },
    prepTime: "PT15M",
    cookTime: "PT12M",
    // The dough chills for half an hour: the whole time is more than prep + cook.
    totalTime: "PT57M",
    recipeYield: "Serves 8",
    recipeIngredient: ["2 cups flour", "100 g butter, cold", "a pinch of salt", `50 g ${newIngredient}`],
    recipeInstructions: [
      { "@type": "HowToStep", text: "Rub the butter into the flour and salt." },
      { "@type": "HowToStep", text: "Bake for 12 minutes at 220 °C." },
    ],
  };
  const graph = {
    "@context": "https://schema.org",
    "@graph": [{ "@type": "WebSite", name: "A blog" }, recipe],
  };
  return `<!doctype html><html lang="en"><head><title>${title}</title>
<script type="application/ld+json">${JSON.stringify(graph)}</script></head>
<body><h1>${title}</h1></body></html>`;
}

let site: Server;
let siteUrl: string;
let picture: Buffer;
const pages = new Map<string, string>();

test.beforeAll(async () => {
  picture = await sharp({ create: { width: 600, height: 400, channels: 3, background: "#d9a066" } })
    .jpeg()
    .toBuffer();
  site = createServer((req, res) => {
    if (req.url === "/pictures/scones.jpg") {
      res.writeHead(200, { "Content-Type": "image/jpeg" }).end(picture);
      return;
    }
    const html = pages.get(req.url ?? "");
    if (html) res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(html);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((resolve) => site.close(resolve));
});

/** A fresh account made through the API; the page is logged in as it. */
async function signedUp(page: Page, request: APIRequestContext, label: string) {
  const account = newAccount(label);
  const created = await request.post("/api/v1/users", { data: account });
  expect(created.status()).toBe(201);
  const credentials = { username: account.username, password: account.password };
  await logInAs(page, request, credentials);
  return credentials;
}

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

test("import a recipe from a shared link → review, fix the marked lines → save → its page shows the picture, the source and the JSON-LD", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const suffix = Date.now().toString(36);
  const title = `Cheese scones ${suffix}`;
  const newIngredient = `quince paste ${suffix}`;
  pages.set(`/scones-${suffix}.html`, recipePage(title, newIngredient));
  const link = `${siteUrl}/scones-${suffix}.html`;

  // The manifest makes the installed app a share target that opens the import page.
  const manifest = await request.get("/manifest.webmanifest");
  expect(manifest.ok()).toBe(true);
  expect((await manifest.json()).share_target).toMatchObject({
    action: "/recipes/import",
    method: "GET",
    params: { url: "url", text: "text" },
  });

  await signedUp(page, request, "importer");
  // What a phone's share sheet sends: the link inside the shared text.
  await page.goto(`/recipes/import?title=Scones&text=${encodeURIComponent(`Look at these ${link}`)}`);
  await expect(page.getByRole("heading", { name: "Import a recipe", level: 1 })).toBeVisible();
  await expect(page.getByLabel("Link to the recipe")).toHaveValue(link);
  await checkAndShoot(page, "import-form");

  // A page the service cannot read says so, in the API's sentence.
  await page.getByLabel("Link to the recipe").fill(`${siteUrl}/missing.html`);
  await page.getByRole("button", { name: "Import" }).click();
  await expect(page.getByRole("alert")).toContainText(`Could not fetch '${siteUrl}/missing.html'`);

  await page.getByLabel("Link to the recipe").fill(link);
  await page.getByRole("button", { name: "Import" }).click();
  await expect(page.getByRole("heading", { name: "Review the imported recipe" })).toBeVisible();
  await expect(page.getByLabel("Title")).toHaveValue(title);
  await expect(page.getByRole("textbox", { name: "Servings" })).toHaveValue("8");
  await expect(page.getByRole("textbox", { name: "Total time (optional) minutes" })).toHaveValue("57");
  await expect(page.getByRole("link", { name: "127.0.0.1" })).toHaveAttribute("href", link);
  await expect(page.getByRole("img", { name: `${title}, as shown on its page` })).toBeVisible();

  const lines = page.locator(".editor-lines > li");
  await expect(lines).toHaveCount(4);
  // Flour: 2 cups estimated from a density, marked with how.
  const flour = lines.nth(0);
  await expect(flour.locator(".line-notes")).toContainText("“2 cups flour”");
  await expect(flour.locator(".line-notes")).toContainText("an estimate to check");
  await expect(flour.getByLabel("Amount as written")).toHaveValue("2 cups");
  // Butter: grams as written, nothing to check; the note stays with the amount.
  await expect(lines.nth(1).locator(".line-notes")).toHaveCount(0);
  await expect(lines.nth(1).getByLabel("Grams")).toHaveValue("100");
  await expect(lines.nth(1).getByLabel("Amount as written")).toHaveValue("100 g, cold");
  // Salt: the grams are unknown; the line saves so, with its amount as written alone.
  const salt = lines.nth(2);
  await expect(salt.getByLabel("Grams")).toHaveValue("");
  await expect(salt.locator(".line-notes")).toContainText("the grams are unknown");
  // The new ingredient is created on save.
  await expect(lines.nth(3).locator(".line-notes")).toContainText("is created when you save");
  await checkAndShoot(page, "import-review");

  // A reload mid-review (leaving asks first) loses nothing: the import is offered back.
  page.once("dialog", (dialog) => void dialog.accept());
  await page.reload();
  await expect(page.getByRole("status")).toContainText(`You were reviewing “${title}”`);
  await page.getByRole("button", { name: "Go on reviewing it" }).click();
  await expect(page.getByLabel("Title")).toHaveValue(title);
  await expect(lines).toHaveCount(4);
  await expect(flour.locator(".line-notes")).toContainText("an estimate to check");
  await expect(page.getByRole("checkbox", { name: /^Save this picture/ })).toHaveCount(0);
  // The picture is not part of the kept draft: import the page again to bring it along.
  await page.getByRole("button", { name: "Import another recipe" }).click();
  await page.getByLabel("Link to the recipe").fill(link);
  await page.getByRole("button", { name: "Import" }).click();
  await expect(page.getByRole("checkbox", { name: /^Save this picture/ })).toBeChecked();

  await flour.getByLabel("Grams").fill("250");
  await page.getByRole("button", { name: "Create recipe" }).click();

  // The recipe page: the picture came along, the source is linked, the lines are in grams.
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/recipes\/\d+$/);
  const recipeId = Number(new URL(page.url()).pathname.split("/").pop());
  await expect(page.getByRole("img", { name: title })).toHaveAttribute("src", /^http/);
  await expect(page.getByRole("link", { name: "127.0.0.1" })).toHaveAttribute("href", link);
  await expect(page.locator(".facts div").filter({ hasText: "Total" }).locator("dd")).toHaveText("57 min");
  const saved = (await (await request.get(`/api/v1/recipes/${recipeId}`)).json()) as {
    total_time_sec: number | null;
    source_url: string;
    img: string | null;
    ingredients: { name: string; amount_grams: number | null; amount_readable: string }[];
  };
  expect(saved.source_url).toBe(link);
  expect(saved.total_time_sec).toBe(57 * 60);
  expect(saved.img).not.toBeNull();
  expect(saved.ingredients.map((l) => l.amount_grams)).toEqual([250, 100, null, 50]);
  expect(saved.ingredients[2]?.amount_readable).toBe("a pinch");
  const saltLine = page.locator(".ingredient").filter({ hasText: "Salt" });
  await expect(saltLine).toContainText("a pinch");
  await expect(saltLine.locator(".ingredient-grams")).toHaveText("");
  expect(saved.ingredients[3]?.name.toLowerCase()).toMatch(/^quince paste/);

  // The page carries its schema.org JSON-LD in the head, as the API writes it.
  const script = page.locator('head script[type="application/ld+json"]');
  await expect(script).toHaveCount(1);
  const embedded = JSON.parse((await script.textContent()) ?? "{}");
  expect(embedded["@type"]).toBe("Recipe");
  expect(embedded.name).toBe(title);

  // …and offers it as a file.
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download as JSON-LD" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`cheese-scones-${suffix}.jsonld`);
  const downloaded = JSON.parse(readFileSync(await file.path(), "utf8"));
  expect(downloaded).toEqual(embedded);
  expect(downloaded.recipeIngredient).toContain("2 cups Flour (250 g)");

  // Shopping for it: the list holds the grams as saved, the fixed line included.
  await page.getByRole("button", { name: /^Add to shopping list/ }).click();
  await page.getByRole("status").filter({ hasText: "Added to" }).getByRole("link").click();
  const item = (name: string) => page.locator(".sl-item").filter({ hasText: name }).locator(".sl-grams");
  await expect(item("Flour")).toHaveText("250 g");
  await expect(item("Butter")).toHaveText("100 g");
  // The salt goes on the list as written, without grams.
  await expect(page.locator(".sl-item").filter({ hasText: "Salt" })).toContainText("a pinch");
  await expect(item("Salt")).toHaveCount(0);
  await page.goBack();
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  await checkAndShoot(page, "import-saved");
});

test("export my recipes → another account imports the archive → its recipes list them", async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(180_000);
  const suffix = Date.now().toString(36);
  const title = `Plum crumble ${suffix}`;

  // The first account has a recipe (written through the API: the editor has its own tests).
  const owner = await signedUp(page, request, "exporter");
  const token = (await (await request.post("/api/v1/auth/token", { data: owner })).json()).access_token;
  const auth = { Authorization: `Bearer ${token}` };
  const plum = await request.post("/api/v1/ingredients", { headers: auth, data: { name: `Plum ${suffix}` } });
  const ingredientId = (await plum.json()).id;
  const recipe = await request.post("/api/v1/recipes", {
    headers: auth,
    data: {
      title,
      servings: 4,
      ingredients: [{ ingredient_id: ingredientId, amount_grams: 600, amount_readable: "8 plums" }],
      steps: [{ description: "Halve the plums, cover with crumble, bake." }],
    },
  });
  expect(recipe.status()).toBe(201);

  await page.goto("/account");
  await expect(page.getByRole("heading", { name: "Export my recipes" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Back up everything" })).toHaveCount(0);
  await page.getByRole("button", { name: "Export my recipes" }).click();
  await expect(page.getByText(/Your archive is ready: 1 recipe, 1 ingredient/)).toBeVisible();
  await expectAccessible(page);
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download the archive" }).click();
  const archive = await download;
  const archivePath = await archive.path();
  expect(readFileSync(archivePath).subarray(0, 2).toString()).toBe("PK"); // a zip

  // Another account, in another browser session, imports it.
  const other = await newPage(browser);
  await signedUp(other, request, "importer2");
  await other.goto("/account");
  await expect(other.getByRole("heading", { name: "Import an archive" })).toBeVisible();
  await other.getByRole("button", { name: "Import the archive" }).click();
  await expect(other.getByRole("alert")).toHaveText("Choose the archive file first.");
  await other.getByLabel("Archive file").setInputFiles(archivePath);
  await other.getByRole("button", { name: "Import the archive" }).click();
  await expect(other.getByText(/^Imported: 1 recipe/)).toBeVisible();
  await checkAndShoot(other, "archive-imported");

  // Importing it twice adds it twice, and says so.
  await other.getByLabel("Archive file").setInputFiles(archivePath);
  await other.getByRole("button", { name: "Import the archive" }).click();
  await expect(other.getByRole("heading", { name: "What did not come in as it was" })).toBeVisible();
  await expect(other.locator(".archive-warnings")).toContainText("they are now here twice");

  await other.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "My recipes" }).click();
  await expect(other.getByRole("link", { name: title })).toHaveCount(2);
  await expectAccessible(other);
  await other.context().close();
});

test("an admin's account page shows how to back up and restore everything", async ({ page, request }) => {
  await logInAs(page, request, { username: "dev-admin", password: "dev-admin-password" });
  await page.goto("/account");
  await expect(page.getByRole("heading", { name: "Back up everything" })).toBeVisible();
  await expect(page.getByText("npm run backup -- backup.zip")).toBeVisible();
  await expect(page.getByText("npm run restore -- backup.zip")).toBeVisible();
  await expect(page.getByRole("button", { name: "Export everything" })).toBeVisible();
  await checkAndShoot(page, "account-backup");
});

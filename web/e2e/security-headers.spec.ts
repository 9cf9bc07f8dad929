/**
 * Security headers (web/security-headers.ts) on the two local servers: the production build under
 * `vite preview` (the run's server) and the Vite dev server, started here on a port of its own with
 * /api proxied to the run's server. Each sends the headers on its documents, and the app works under
 * its Content-Security-Policy: pages walked with no violation reported, a picture from storage
 * shown, Fast Refresh's inline preamble and the HMR websocket allowed in development. A script
 * injected into the page, as an XSS would, does not run.
 */
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer as createNetServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { createServer as createViteServer } from "vite";
import { firstId, newAccount, recipeId } from "./helpers.ts";

const webDir = fileURLToPath(new URL("../", import.meta.url));

/** `script-src 'self' 'sha256-…'` → Map of directive → sources. */
function directives(csp: string | undefined): Map<string, string[]> {
  expect(csp, "a Content-Security-Policy header").toBeTruthy();
  return new Map(
    (csp ?? "")
      .split(";")
      .map((directive) => directive.trim().split(/\s+/))
      .map(([name, ...sources]) => [name ?? "", sources]),
  );
}

/** The headers every document of the app carries, on both servers. */
function expectSecurityHeaders(headers: Record<string, string>, where: string) {
  const csp = directives(headers["content-security-policy"]);
  expect(csp.get("script-src")?.[0], where).toBe("'self'");
  expect(csp.get("script-src"), where).not.toContain("'unsafe-inline'");
  expect(csp.get("script-src"), where).not.toContain("'unsafe-eval'");
  expect(csp.get("object-src"), where).toEqual(["'none'"]);
  expect(csp.get("base-uri"), where).toEqual(["'self'"]);
  expect(csp.get("frame-ancestors"), where).toEqual(["'none'"]);
  expect(csp.get("connect-src")?.[0], where).toBe("'self'"); // the API, through the proxy
  expect(headers["x-content-type-options"], where).toBe("nosniff");
  expect(headers["referrer-policy"], where).toBe("strict-origin-when-cross-origin");
  expect(headers["x-frame-options"], where).toBe("DENY");
  return csp;
}

/**
 * Records what the Content-Security-Policy blocks in this page, across navigations: the
 * `securitypolicyviolation` events (from before the app's first script) and Chromium's console lines.
 */
async function watchViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.exposeFunction("reportCspViolation", (line: string) => seen.push(line));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { reportCspViolation: (line: string) => void }).reportCspViolation;
      report(`${event.effectiveDirective} blocked ${event.blockedURI || "inline"} (${event.documentURI})`);
    });
  });
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) seen.push(message.text());
  });
  return seen;
}

/** An account with a recipe that has a picture in storage: its page shows it from PUBLIC_STORAGE_URL. */
async function recipeWithPicture(request: APIRequestContext) {
  const account = newAccount("csp");
  expect((await request.post("/api/v1/users", { data: account })).status()).toBe(201);
  const credentials = { username: account.username, password: account.password };
  const token = (await (await request.post("/api/v1/auth/token", { data: credentials })).json()).access_token;
  const headers = { Authorization: `Bearer ${token}` };
  const created = await request.post("/api/v1/recipes", {
    headers,
    data: {
      title: `Headers tart ${account.username}`,
      servings: 2,
      ingredients: [
        { ingredient_id: await firstId(request, "ingredients"), amount_grams: 100, amount_readable: "100 g" },
      ],
      steps: [{ description: "Bake it." }],
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const jpeg = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#a0522d" } })
    .jpeg()
    .toBuffer();
  const upload = await request.put(`/api/v1/recipes/${id}/image`, {
    headers: { ...headers, "Content-Type": "image/jpeg" },
    data: jpeg,
  });
  expect(upload.ok(), await upload.text()).toBe(true);
  return { id, credentials };
}

/** The picture really arrived: loaded, not blocked (a blocked image has no natural size). */
async function expectPictureShown(page: Page, name: string) {
  const picture = page.getByRole("img", { name });
  await expect(picture).toHaveAttribute("src", /^https?:\/\//);
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
}

test.describe("the production build (vite preview)", () => {
  test("sends the security headers with every document and file", async ({ request }) => {
    const pancakes = await recipeId(request, "Pancakes");
    for (const path of ["/", "/?q=pancakes", `/recipes/${pancakes}`, "/login", "/no/such/page"]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      const csp = expectSecurityHeaders(response.headers(), path);
      // A built page's only inline code is its first screen's script and stylesheets (first-screen.ts:
      // each CSS file the first page needs), each allowed by its hash: the app's own files otherwise.
      const page = await response.text();
      const hashes = (tag: string) =>
        [...page.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, "g"))].map(
          (m) =>
            `'sha256-${createHash("sha256")
              .update(m[1] ?? "")
              .digest("base64")}'`,
        );
      expect(hashes("script"), path).toHaveLength(1);
      expect(hashes("style").length, path).toBeGreaterThanOrEqual(1);
      expect(csp.get("script-src"), path).toEqual(["'self'", ...hashes("script")]);
      expect(csp.get("style-src"), path).toEqual(["'self'", ...hashes("style")]);
    }
    const worker = await request.get("/registerSW.js");
    expect(worker.headers()["x-content-type-options"]).toBe("nosniff");
  });

  test("runs the app under its policy: browse, search, a recipe with its picture, log in, account", async ({
    page,
    request,
  }) => {
    const violations = await watchViolations(page);
    const pancakes = await recipeId(request, "Pancakes");
    const { id, credentials } = await recipeWithPicture(request);

    const home = await page.goto("/");
    expect(home?.headers()["content-security-policy"]).toContain("script-src 'self'");
    await expect(page.locator(".card").first()).toBeVisible();
    await page.goto("/?q=pancakes");
    await expect(page.locator(".card").first()).toBeVisible();
    await page.goto(`/recipes/${pancakes}`);
    await expect(page.getByRole("heading", { level: 1, name: "Pancakes" })).toBeVisible();

    await page.goto("/login");
    await page.getByLabel("Username or email").fill(credentials.username);
    await page.getByLabel("Password").fill(credentials.password);
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page.locator(".account-name")).toHaveText(credentials.username);
    await page.goto(`/recipes/${id}`);
    await expectPictureShown(page, `Headers tart ${credentials.username}`);
    await page.goto("/account");
    await expect(page.getByRole("heading", { name: "Export my recipes" })).toBeVisible();
    await page.goto("/lists");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

    expect(violations).toEqual([]);
  });

  test("does not run a script injected into the page, inline or as an event handler", async ({ page }) => {
    const violations = await watchViolations(page);
    await page.goto("/");
    await expect(page.locator(".card").first()).toBeVisible();
    const ran = await page.evaluate(async () => {
      const flags = window as unknown as { injected?: boolean; handler?: boolean };
      const script = document.createElement("script");
      script.textContent = "window.injected = true";
      document.body.append(script);
      const holder = document.createElement("div");
      holder.innerHTML = `<img src="/no-such-picture.png" onerror="window.handler = true">`;
      document.body.append(holder);
      await new Promise((resolve) => setTimeout(resolve, 500));
      return { injected: flags.injected ?? false, handler: flags.handler ?? false };
    });
    expect(ran).toEqual({ injected: false, handler: false });
    await expect.poll(() => violations.filter((v) => v.startsWith("script-src")).length).toBe(2);
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createNetServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject()));
    });
  });
}

test.describe("the dev server (vite)", () => {
  test("sends the headers and runs the app under them: Fast Refresh's preamble by hash, the HMR websocket", async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const port = await freePort();
    const cacheDir = mkdtempSync(join(tmpdir(), "recipes-vite-dev-"));
    // vite.config.ts reads these when it loads: its port (named in connect-src) and the API behind
    // /api, here the run's own server, which proxies on to the API.
    const saved = { WEB_PORT: process.env.WEB_PORT, API_PROXY_TARGET: process.env.API_PROXY_TARGET };
    process.env.WEB_PORT = String(port);
    process.env.API_PROXY_TARGET = process.env.E2E_BASE_URL;
    const server = await createViteServer({
      root: webDir,
      configFile: join(webDir, "vite.config.ts"),
      cacheDir, // never the developer's node_modules/.vite, which a running `npm run dev` uses
      logLevel: "error",
      clearScreen: false,
    });
    Object.assign(process.env, saved);
    for (const [name, value] of Object.entries(saved)) if (value === undefined) delete process.env[name];
    try {
      await server.listen();
      const base = `http://localhost:${port}`;

      const response = await fetch(`${base}/`);
      const headers = Object.fromEntries(response.headers);
      const csp = expectSecurityHeaders(headers, "dev /");
      // Every inline script of the dev page (React's preamble) is allowed by its hash, and only those.
      const html = await response.text();
      const hashOf = (code = "") => `'sha256-${createHash("sha256").update(code).digest("base64")}'`;
      const inline = [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(([, code]) =>
        hashOf(code),
      );
      expect(inline.length).toBeGreaterThan(0);
      expect(csp.get("script-src")).toEqual(["'self'", ...inline]);

      const violations = await watchViolations(page);
      const connected = page.waitForEvent("console", {
        predicate: (message) => message.text().includes("[vite] connected"),
        timeout: 120_000,
      });
      await page.goto(base);
      await connected; // the HMR websocket is open
      await expect(page.locator(".card").first()).toBeVisible({ timeout: 120_000 });
      await page.goto(`${base}/login`);
      await expect(page.getByRole("heading", { level: 1, name: "Log in" })).toBeVisible({ timeout: 60_000 });
      expect(violations).toEqual([]);
    } finally {
      await server.close();
      rmSync(cacheDir, { recursive: true, force: true });
    }
  });
});

/**
 * `npm run web:budget` (root) or `npm run budget` (web/): the speed budget, printed, not a test.
 * Builds the app for production and serves it locally with the API (as the end-to-end tests do),
 * then reports, for the browse page, a recipe page and a shopping list (signed in)
 *   1. the JavaScript and CSS each loads, gzipped (target: at most 120 KB of JS on the first page,
 *      the browse page), and
 *   2. Lighthouse's scores and metrics on its default mobile profile (targets: performance ≥ 90,
 *      accessibility ≥ 95, best practices ≥ 95; first contentful paint ≤ 1.0 s, largest ≤ 1.5 s,
 *      total blocking time (main-thread work) ≤ 100 ms, layout shift < 0.1), in Debian's Chromium driven by
 *      chrome-launcher.
 */
import { execSync } from "node:child_process";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import startStack from "../e2e/global-setup.ts";
import { DEV_USER } from "../e2e/helpers.ts";

const JS_BUDGET_KB = 120;
const TARGETS: Record<string, number> = { performance: 90, accessibility: 95, "best-practices": 95 };
/** Lighthouse's mobile metrics, with the goals issue 40 sets (ms; CLS unitless). */
const METRICS: [id: string, goal: number][] = [
  ["first-contentful-paint", 1000],
  ["largest-contentful-paint", 1500],
  ["total-blocking-time", 100],
  ["cumulative-layout-shift", 0.1],
];
const FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
];
const chromePath =
  process.env.CHROMIUM_PATH ?? execSync("command -v chromium", { shell: "/bin/sh" }).toString().trim();
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

console.log("Building the app and starting the API (in-memory database)…");
const stop = await startStack();
const base = process.env.E2E_BASE_URL as string;
let failed = false;

/** A session of the development account, kept as lib/auth.ts keeps one (for the shopping list page). */
async function signedIn(): Promise<{ session: string; listPath: string }> {
  const post = (path: string, body: unknown, token?: string) =>
    fetch(`${base}/api/v1${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    }).then(async (response) => {
      if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
      return response.json();
    });
  const answer = await post("/auth/token", DEV_USER);
  const expiresAt = Date.now() + answer.expires_in * 1000;
  const session = JSON.stringify({ ...answer, expires_at: expiresAt, refresh_at: expiresAt - 120_000 });
  const list = await post("/shopping-lists", { name: "Budget" }, answer.access_token);
  const recipes = await fetch(`${base}/api/v1/recipes?limit=3`).then((r) => r.json());
  for (const recipe of recipes.items ?? recipes)
    await post(`/shopping-lists/${list.id}/recipes`, { recipe_id: recipe.id }, answer.access_token);
  return { session, listPath: `/lists/${list.id}` };
}

try {
  const { session, listPath } = await signedIn();
  const browser = await chromium.launch({ executablePath: chromePath, args: FLAGS });
  const recipeHref = await (async () => {
    const page = await browser.newPage();
    await page.goto(`${base}/`);
    const href = await page.locator(".card a").first().getAttribute("href");
    await page.close();
    return href ?? "/recipes/1";
  })();
  const pages = [
    { name: "browse", path: "/", ready: ".card", session: false },
    { name: "recipe", path: recipeHref, ready: "main h1", session: false },
    { name: "shopping list", path: listPath, ready: ".sl-name", session: true },
  ];

  // --- 1. What each page loads ------------------------------------------------------------------
  for (const target of pages) {
    const context = await browser.newContext();
    if (target.session)
      await context.addInitScript((kept) => localStorage.setItem("recipes.session", kept), session);
    const page = await context.newPage();
    const files: { url: string; type: "js" | "css"; raw: number; gzip: number }[] = [];
    page.on("response", async (response) => {
      const type = response.request().resourceType();
      if (type !== "script" && type !== "stylesheet") return;
      const body = await response.body().catch(() => undefined);
      if (!body) return;
      files.push({
        url: new URL(response.url()).pathname,
        type: type === "script" ? "js" : "css",
        raw: body.length,
        gzip: gzipSync(body).length,
      });
    });
    await page.goto(`${base}${target.path}`, { waitUntil: "networkidle" });
    await page.locator(target.ready).first().waitFor();
    const html = await page.request.get(`${base}${target.path}`).then((r) => r.body());
    await context.close();

    console.log(`\n${target.name} page (${target.path}): what it loads (gzip -6)`);
    for (const f of files.sort((a, b) => b.gzip - a.gzip).slice(0, 8)) {
      console.log(`  ${f.type.padEnd(3)} ${kb(f.gzip).padStart(9)}  (${kb(f.raw)} raw)  ${f.url}`);
    }
    if (files.length > 8) console.log(`  … and ${files.length - 8} files more`);
    const total = (type: "js" | "css") =>
      files.filter((f) => f.type === type).reduce((sum, f) => sum + f.gzip, 0);
    const js = total("js");
    const jsOk = js <= JS_BUDGET_KB * 1024;
    if (target.name === "browse") failed ||= !jsOk;
    console.log(
      `  JS total  ${kb(js)} gzipped${target.name === "browse" ? ` (budget ${JS_BUDGET_KB} KB) ${jsOk ? "PASS" : "FAIL"}` : ""}`,
    );
    console.log(
      `  CSS files ${kb(total("css"))} gzipped; the page itself ${kb(gzipSync(html).length)} gzipped`,
    );
  }
  await browser.close();

  // --- 2. Lighthouse, mobile profile (its default) -----------------------------------------------
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ["--headless=new", ...FLAGS] });
  try {
    for (const target of pages) {
      const url = `${base}${target.path}`;
      if (target.session) await keepSession(chrome.port, session);
      const result = await lighthouse(url, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: Object.keys(TARGETS),
        // Signed in: Lighthouse must not clear the kept session (keepSession emptied the rest).
        disableStorageReset: target.session,
      });
      const categories = result?.lhr.categories ?? {};
      const scores = Object.entries(TARGETS).map(([id, target]) => {
        const score = Math.round((categories[id]?.score ?? 0) * 100);
        failed ||= score < target;
        return `${id} ${score}${score >= target ? "" : ` (below ${target})`}`;
      });
      const audits = result?.lhr.audits ?? {};
      const metrics = METRICS.map(([id, goal]) => {
        const value = audits[id]?.numericValue ?? Number.NaN;
        const ok = value <= goal;
        failed ||= !ok;
        return `${id.replace(/-/g, " ")} ${audits[id]?.displayValue ?? "?"}${ok ? "" : " (goal missed)"}`;
      }).join(", ");
      console.log(`\nLighthouse, ${target.name} page (${target.path}): ${scores.join(", ")}`);
      console.log(`  ${metrics}`);
      console.log(`  largest contentful paint: ${lcpElement(audits["lcp-breakdown-insight"])}`);
    }
  } finally {
    chrome.kill();
  }
} finally {
  await stop();
}
console.log(failed ? "\nSome figures miss their target." : "\nEvery figure is within its target.");

/** The element Lighthouse says was painted largest (its markup, shortened) and what its time was spent on. */
function lcpElement(audit: { details?: unknown } | undefined): string {
  type Item = { type?: string; snippet?: string; items?: { label?: string; duration?: number }[] };
  const items = (audit?.details as { items?: Item[] } | undefined)?.items ?? [];
  const snippet = items.find((item) => item.type === "node")?.snippet ?? "?";
  const parts = (items.find((item) => item.type === "table")?.items ?? [])
    .map((part) => `${part.label} ${Math.round(part.duration ?? 0)} ms`)
    .join(", ");
  return `${snippet.length > 90 ? `${snippet.slice(0, 90)}…` : snippet}${parts ? ` (${parts})` : ""}`;
}

/**
 * A cold start for a signed-in person: the origin's caches, service worker and stored data emptied
 * (as Lighthouse does), then the session written back, as a person who logged in earlier has it.
 */
async function keepSession(port: number, session: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const page = await context.newPage();
    await page.goto(`${base}/no-such-page`);
    const cdp = await context.newCDPSession(page);
    await cdp.send("Storage.clearDataForOrigin", { origin: new URL(base).origin, storageTypes: "all" });
    await cdp.send("Network.clearBrowserCache");
    await page.evaluate((kept) => localStorage.setItem("recipes.session", kept), session);
    await page.close();
  } finally {
    await browser.close();
  }
}

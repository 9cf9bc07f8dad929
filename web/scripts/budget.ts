/**
 * `npm run web:budget` (root) or `npm run budget` (web/): the speed budget, printed, not a test.
 * Builds the app for production and serves it locally with the API (as the end-to-end tests do),
 * then reports
 *   1. the JavaScript and CSS the browse page loads, gzipped (target: at most 120 KB of JS), and
 *   2. Lighthouse scores for the browse page and a recipe page (targets: performance ≥ 90,
 *      accessibility ≥ 95, best practices ≥ 95), in Debian's Chromium driven by chrome-launcher.
 */
import { execSync } from "node:child_process";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import startStack from "../e2e/global-setup.ts";

const JS_BUDGET_KB = 120;
const TARGETS: Record<string, number> = { performance: 90, accessibility: 95, "best-practices": 95 };
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

try {
  // --- 1. What the browse page loads ------------------------------------------------------------
  const browser = await chromium.launch({ executablePath: chromePath, args: FLAGS });
  const page = await browser.newPage();
  const files: { url: string; type: "js" | "css"; raw: number; gzip: number }[] = [];
  page.on("response", async (response) => {
    const type = response.request().resourceType();
    if (type !== "script" && type !== "stylesheet") return;
    const body = await response.body().catch(() => undefined);
    if (!body) return;
    const url = new URL(response.url()).pathname;
    files.push({
      url,
      type: type === "script" ? "js" : "css",
      raw: body.length,
      gzip: gzipSync(body).length,
    });
  });
  await page.goto(`${base}/`, { waitUntil: "networkidle" });
  await page.locator(".card").first().waitFor();
  const recipeHref = await page.locator(".card a").first().getAttribute("href");
  await browser.close();

  console.log("\nBrowse page: JavaScript and CSS it loads (gzip -6)");
  for (const f of files.sort((a, b) => b.gzip - a.gzip)) {
    console.log(`  ${f.type.padEnd(3)} ${kb(f.gzip).padStart(9)}  (${kb(f.raw)} raw)  ${f.url}`);
  }
  const total = (type: "js" | "css") =>
    files.filter((f) => f.type === type).reduce((sum, f) => sum + f.gzip, 0);
  const js = total("js");
  const jsOk = js <= JS_BUDGET_KB * 1024;
  failed ||= !jsOk;
  console.log(`  JS total  ${kb(js)} gzipped (budget ${JS_BUDGET_KB} KB) ${jsOk ? "PASS" : "FAIL"}`);
  console.log(`  CSS total ${kb(total("css"))} gzipped`);

  // --- 2. Lighthouse ----------------------------------------------------------------------------
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ["--headless=new", ...FLAGS] });
  try {
    for (const [name, url] of [
      ["browse", `${base}/`],
      ["recipe", `${base}${recipeHref ?? "/recipes/1"}`],
    ] as const) {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: Object.keys(TARGETS),
      });
      const categories = result?.lhr.categories ?? {};
      const scores = Object.entries(TARGETS).map(([id, target]) => {
        const score = Math.round((categories[id]?.score ?? 0) * 100);
        failed ||= score < target;
        return `${id} ${score}${score >= target ? "" : ` (below ${target})`}`;
      });
      const audits = result?.lhr.audits ?? {};
      const metrics = [
        "first-contentful-paint",
        "largest-contentful-paint",
        "total-blocking-time",
        "cumulative-layout-shift",
      ]
        .map((id) => `${id.replace(/-/g, " ")} ${audits[id]?.displayValue ?? "?"}`)
        .join(", ");
      console.log(`\nLighthouse, ${name} page (${new URL(url).pathname}): ${scores.join(", ")}`);
      console.log(`  ${metrics}`);
    }
  } finally {
    chrome.kill();
  }
} finally {
  await stop();
}
console.log(failed ? "\nSome figures miss their target." : "\nEvery figure is within its target.");

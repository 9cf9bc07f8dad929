/**
 * End-to-end tests in Debian's Chromium (never a browser Playwright downloads): `CHROMIUM_PATH`, or
 * what `command -v chromium` finds. The global setup starts the API and the app the way
 * `npm run dev` does, on free ports with a private in-memory database, and sets E2E_BASE_URL.
 */
import { execSync } from "node:child_process";
import { defineConfig } from "@playwright/test";

function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  try {
    return execSync("command -v chromium || command -v chromium-browser", { shell: "/bin/sh" })
      .toString()
      .trim();
  } catch {
    throw new Error("Chromium is not installed: apt-get install -y chromium (or set CHROMIUM_PATH).");
  }
}

export default defineConfig({
  testDir: "e2e",
  globalSetup: "./e2e/global-setup.ts",
  outputDir: "test-results",
  workers: 2,
  fullyParallel: true,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: "list",
  forbidOnly: Boolean(process.env.CI),
  // No retries: a test that fails once fails the run. (The shopping list's offline reload once
  // failed under load; its cause, a page rendered before the kept cache was restored, is fixed.)
  retries: 0,
  use: {
    baseURL: process.env.E2E_BASE_URL,
    browserName: "chromium",
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
      ],
    },
    // The production build registers a service worker; its requests would bypass page.route().
    serviceWorkers: "block",
    trace: "off",
    screenshot: "only-on-failure",
  },
});

/**
 * The page corpus (test/fixtures/page-import/pages, written for these tests): each page is served by a
 * local HTTP server and imported the way `{url}` is, then compared with its expected draft in
 * test/fixtures/page-import/drafts (`{base}` stands for the server's address). No ingredient exists, so
 * every line is matched against nothing and weighed with the built-in table.
 * `UPDATE_IMPORT_DRAFTS=1` rewrites the expected drafts (then `npm run format`); review the diff before committing it.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isAppError } from "../../../core/errors.ts";
import { MAX_FETCH_BYTES } from "../../../core/net/safe-fetch.ts";
import { draftFromSource, readSource } from "../../../core/page-import/service.ts";

const pagesDir = new URL("../../fixtures/page-import/pages/", import.meta.url);
const draftsDir = new URL("../../fixtures/page-import/drafts/", import.meta.url);
const TYPES: Record<string, string> = {
  html: "text/html; charset=utf-8",
  json: "application/ld+json",
  pdf: "application/pdf",
};
/** Generated rather than stored: a page past the 5 MB limit. */
const TOO_LARGE = "22-too-large.html";

const files = [...readdirSync(pagesDir), TOO_LARGE].sort();

let server: Server;
let base = "";

beforeAll(async () => {
  server = createServer((req, res) => {
    const name = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname.slice(1));
    if (name === TOO_LARGE) {
      res.writeHead(200, { "content-type": TYPES.html });
      res.end(`<html><body>${"<p>filler</p>".repeat(Math.ceil(MAX_FETCH_BYTES / 12) + 10)}</body></html>`);
      return;
    }
    if (!files.includes(name)) {
      res.writeHead(404);
      res.end();
      return;
    }
    res.writeHead(200, { "content-type": TYPES[name.split(".").pop() ?? ""] ?? "application/octet-stream" });
    res.end(readFileSync(new URL(name, pagesDir)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** The draft, or the 422's sentence, for one page fetched from the local server. */
async function importPage(file: string): Promise<unknown> {
  const url = `${base}/${file}`;
  try {
    const source = await readSource({ url }, { allowPrivateHosts: true });
    return await draftFromSource(source, url, async () => []);
  } catch (error) {
    if (isAppError(error) && error.kind === "invalid") return { error: error.message };
    throw error;
  }
}

describe("the page corpus", () => {
  it("holds at least 25 pages", () => {
    expect(files.length).toBeGreaterThanOrEqual(25);
  });

  it.each(files)("%s imports as expected", async (file) => {
    const actual = JSON.parse(JSON.stringify(await importPage(file)).replaceAll(base, "{base}"));
    const expectedFile = new URL(`${file.replace(/\.\w+$/, "")}.json`, draftsDir);
    if (process.env.UPDATE_IMPORT_DRAFTS) writeFileSync(expectedFile, `${JSON.stringify(actual, null, 2)}\n`);
    expect(actual).toEqual(JSON.parse(readFileSync(expectedFile, "utf8")));
  });
});

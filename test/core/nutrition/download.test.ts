/**
 * Downloading the table (core/nutrition/download.ts) through a stand-in for fetch: kept only with
 * the pinned SHA-256 (official.ts's, or the one given), https only, bounded in size; a refused file
 * leaves nothing behind. And NUTRITION_TABLE / NUTRITION_TABLE_SHA256 as core/config.ts reads them.
 */
import { createHash } from "node:crypto";
import { readFile, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../../core/config.ts";
import { downloadTable, isAddress } from "../../../core/nutrition/download.ts";
import { SR28_OFFICIAL_URL, SR28_PINNED_SHA256 } from "../../../core/nutrition/official.ts";
import { ABBREV_XLSX, tempDir } from "./workbook.ts";

let dir: string;
let abbrev: Buffer;

beforeAll(async () => {
  dir = await tempDir();
  abbrev = await readFile(ABBREV_XLSX);
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

/** A fetch answering `body`; `url` is the address the answer came from after redirects. */
function serving(
  body: Buffer,
  options: { url?: string; status?: number; length?: number } = {},
): typeof fetch {
  return async () => {
    const response = new Response(new Uint8Array(body), {
      status: options.status ?? 200,
      headers: { "content-length": String(options.length ?? body.length) },
    });
    if (options.url) Object.defineProperty(response, "url", { value: options.url });
    return response;
  };
}

const address = "https://tables.example.org/ABBREV.xlsx";

describe("downloading the table", () => {
  it("keeps the file whose SHA-256 official.ts pins: the workbook the tests read", async () => {
    const file = join(dir, "pinned.xlsx");
    const sha256 = await downloadTable(address, file, { fetch: serving(abbrev) });
    expect(sha256).toBe(createHash("sha256").update(abbrev).digest("hex"));
    expect(SR28_PINNED_SHA256.map((p) => p.sha256)).toContain(sha256);
    expect(await readFile(file)).toEqual(abbrev);
  });

  it("refuses a file pinned nowhere, naming its SHA-256 for whoever checks it, and keeps nothing", async () => {
    const file = join(dir, "unpinned.zip");
    const other = Buffer.from("not the table");
    const sha256 = createHash("sha256").update(other).digest("hex");
    await expect(downloadTable(address, file, { fetch: serving(other) })).rejects.toThrow(
      `${address}: its SHA-256 ${sha256} is not pinned (core/nutrition/official.ts): refused. If this is USDA's file, check it and set NUTRITION_TABLE_SHA256=${sha256} (or pass --sha256).`,
    );
    expect(await exists(file)).toBe(false);
    // Pinned by the operator, the same file is kept.
    await expect(downloadTable(address, file, { fetch: serving(other), sha256 })).resolves.toBe(sha256);
  });

  it("refuses the pinned workbook when another SHA-256 is given", async () => {
    const file = join(dir, "other-pin.xlsx");
    await expect(
      downloadTable(address, file, { fetch: serving(abbrev), sha256: "a".repeat(64) }),
    ).rejects.toThrow(/not the a{64} NUTRITION_TABLE_SHA256 pins: refused\.$/);
    expect(await exists(file)).toBe(false);
  });

  it("fetches https only, and follows no redirect away from it", async () => {
    const file = join(dir, "http.xlsx");
    await expect(
      downloadTable("http://tables.example.org/ABBREV.xlsx", file, { fetch: serving(abbrev) }),
    ).rejects.toThrow("only https addresses are downloaded");
    await expect(
      downloadTable(address, file, {
        fetch: serving(abbrev, { url: "http://mirror.example.org/ABBREV.xlsx" }),
      }),
    ).rejects.toThrow("it redirects to http://mirror.example.org/ABBREV.xlsx, which is not https.");
    await expect(downloadTable("not an address", file)).rejects.toThrow(
      "'not an address' is not an address.",
    );
    expect(await exists(file)).toBe(false);
  });

  it("refuses an error answer, and a file larger than accepted, declared or not", async () => {
    const file = join(dir, "large.xlsx");
    await expect(downloadTable(address, file, { fetch: serving(abbrev, { status: 404 }) })).rejects.toThrow(
      `${address}: it answered 404`,
    );
    await expect(downloadTable(address, file, { fetch: serving(abbrev), maxBytes: 1000 })).rejects.toThrow(
      `it is ${abbrev.length} bytes, more than the 1000 accepted.`,
    );
    // A server that says nothing of the length, or says less than it sends.
    await expect(
      downloadTable(address, file, { fetch: serving(abbrev, { length: 10 }), maxBytes: 1000 }),
    ).rejects.toThrow("it is more than the 1000 bytes accepted.");
    expect(await exists(file)).toBe(false);
  });

  it("tells an address from a path", () => {
    expect(isAddress(SR28_OFFICIAL_URL)).toBe(true);
    expect(isAddress("http://example.org/x.zip")).toBe(true);
    expect(isAddress("/data/sr28abxl.zip")).toBe(false);
    expect(isAddress("data/ABBREV.xlsx")).toBe(false);
    expect(isAddress("C:\\data\\ABBREV.xlsx")).toBe(false);
  });
});

describe("NUTRITION_TABLE and NUTRITION_TABLE_SHA256", () => {
  const production = {
    NODE_ENV: "production",
    JWT_SECRET: "s".repeat(32),
    STORAGE_URL: "http://s3:9000",
  } as const;

  it("default to USDA's official download in production, and to nothing in development and tests", () => {
    expect(loadConfig(production).nutritionTable).toEqual({ source: SR28_OFFICIAL_URL, sha256: undefined });
    expect(loadConfig({ NODE_ENV: "test" }).nutritionTable).toEqual({ source: undefined, sha256: undefined });
    expect(loadConfig({ NODE_ENV: "test", NUTRITION_TABLE: "" }).nutritionTable.source).toBeUndefined();
  });

  it("take a path or an address, and a SHA-256 in hex", () => {
    const sha256 = "AB".repeat(32);
    expect(
      loadConfig({ ...production, NUTRITION_TABLE: "/app/data/sr28.zip", NUTRITION_TABLE_SHA256: sha256 })
        .nutritionTable,
    ).toEqual({ source: "/app/data/sr28.zip", sha256: sha256.toLowerCase() });
    expect(() => loadConfig({ NODE_ENV: "test", NUTRITION_TABLE_SHA256: "abc" })).toThrow(
      /NUTRITION_TABLE_SHA256 is invalid: Must be a SHA-256 in hex/,
    );
  });
});

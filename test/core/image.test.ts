/** Format sniffing, the storage module and picture cleanup against the embedded S3 server. */
import { describe, expect, it } from "vitest";
import { config } from "../../core/config.ts";
import { keyFromPublicUrl, removePictures } from "../../core/image/cleanup.ts";
import { formatOfContentType, sniffFormat } from "../../core/image/format.ts";
import { isStorageUnavailable, publicUrl, putPublicObject } from "../../core/storage.ts";
import { unique } from "../helpers/factories.ts";
import { fetchPublic, makeImage } from "../helpers/image-fixtures.ts";

describe("format detection", () => {
  it.each(["jpeg", "png", "webp", "avif"] as const)("recognises %s by its magic bytes", async (format) => {
    expect(sniffFormat(await makeImage(format))).toBe(format);
  });

  it("recognises nothing else", () => {
    expect(sniffFormat(Buffer.from("GIF89a......"))).toBeUndefined();
    expect(sniffFormat(Buffer.from("hello world, not an image"))).toBeUndefined();
    expect(sniffFormat(Buffer.alloc(0))).toBeUndefined();
    // an ISO-BMFF file of another brand (HEIC) is not AVIF
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from("ftypheic\0\0\0\0mif1heic")]);
    expect(sniffFormat(heic)).toBeUndefined();
  });

  it("maps content types, ignoring case and parameters", () => {
    expect(formatOfContentType("IMAGE/JPEG; foo=bar")).toBe("jpeg");
    expect(formatOfContentType("image/avif")).toBe("avif");
    expect(formatOfContentType("image/gif")).toBeUndefined();
    expect(formatOfContentType(undefined)).toBeUndefined();
  });
});

describe("isStorageUnavailable", () => {
  it("is true for refused connections, also when Node reports several addresses at once", () => {
    expect(isStorageUnavailable(Object.assign(new Error("connect"), { code: "ECONNREFUSED" }))).toBe(true);
    const both = new AggregateError([
      Object.assign(new Error("::1"), { code: "ECONNREFUSED" }),
      Object.assign(new Error("127.0.0.1"), { code: "ECONNREFUSED" }),
    ]);
    expect(isStorageUnavailable(both)).toBe(true);
    expect(
      isStorageUnavailable({ name: "InternalError", $fault: "server", $metadata: { httpStatusCode: 503 } }),
    ).toBe(true);
  });

  it("is false for a request the store refused on its merits", () => {
    expect(
      isStorageUnavailable({ name: "NoSuchKey", $fault: "client", $metadata: { httpStatusCode: 404 } }),
    ).toBe(false);
    expect(isStorageUnavailable(new Error("boom"))).toBe(false);
    expect(isStorageUnavailable(null)).toBe(false);
  });
});

describe("removePictures against the embedded S3 server", () => {
  it("deletes the objects behind our public URLs and skips foreign ones", async () => {
    // Picture keys: the only objects the embedded S3 server lets anyone read (scripts/lib/embedded-s3.ts).
    const keys = [`recipes/${unique("a")}.png`, `recipes/${unique("b")}-preview.webp`];
    for (const key of keys) await putPublicObject(key, await makeImage("png"), "image/png");
    const urls = keys.map(publicUrl);
    for (const url of urls) expect((await fetchPublic(url)).status).toBe(200);

    expect(await removePictures([...urls, null, undefined, "https://elsewhere.example/x.png"])).toBe(true);
    for (const url of urls) expect((await fetchPublic(url)).status).toBe(404);
    // already gone: still fine
    expect(await removePictures(urls)).toBe(true);
  });

  it("reads keys back from public URLs", () => {
    expect(keyFromPublicUrl(`${config.storage.publicUrl}/recipes/1/abc.jpg`)).toBe("recipes/1/abc.jpg");
    expect(keyFromPublicUrl("https://elsewhere.example/recipes/1/abc.jpg")).toBeUndefined();
  });
});

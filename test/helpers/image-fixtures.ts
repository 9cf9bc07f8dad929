/** Pictures made with sharp at test time, recipe rows to attach them to, stored objects, and multipart bodies. */
import { randomBytes } from "node:crypto";
import { HeadObjectCommand } from "@aws-sdk/client-s3";
import { sql } from "kysely";
import sharp from "sharp";
import { config } from "../../core/config.ts";
import { getDb } from "../../core/db.ts";
import type { ImageFormat } from "../../core/image/format.ts";
import { getStorage, publicUrl, putPublicObject } from "../../core/storage.ts";
import { type ApiResponse, api } from "./api.ts";
import { unique } from "./factories.ts";

export const CONTENT_TYPES: Record<ImageFormat, string> = {
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  avif: "image/avif",
};

export type ImageOptions = { width?: number; height?: number; exif?: boolean; orientation?: number };

/**
 * A small picture of random noise, so every call has different content (object keys are
 * content hashes, and parallel test files may share row ids on their own databases).
 */
export async function makeImage(format: ImageFormat, options: ImageOptions = {}): Promise<Buffer> {
  const width = options.width ?? 64;
  const height = options.height ?? 48;
  const [r = 0, g = 0, b = 0] = randomBytes(3);
  let image = sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r, g, b },
      noise: { type: "gaussian", mean: 128, sigma: 30 },
    },
  });
  // create + noise needs a round trip before format options apply to the noise
  image = sharp(await image.png().toBuffer());
  if (options.exif) {
    image = image.withExif({
      IFD0: { Copyright: "secret-owner", Artist: "Jane Doe" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "48/1 51/1 2993/100" },
    });
  }
  if (options.orientation) image = image.withMetadata({ orientation: options.orientation });
  return image.toFormat(format === "avif" ? "avif" : format).toBuffer();
}

/** A multipart/form-data body with one file part. */
export function multipart(
  field: string,
  bytes: Buffer,
  partType: string,
): { body: Buffer; headers: Record<string, string> } {
  const boundary = `----test${randomBytes(8).toString("hex")}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="photo"\r\n` +
        `Content-Type: ${partType}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

type PictureTableName = "recipes" | "categories" | "ingredients" | "users";

/** A bare recipe row made with plain SQL, so the picture tests do not depend on the recipe service. */
export async function makeRecipeRow(userId: number): Promise<number> {
  const row = await getDb()
    .insertInto("recipes")
    .values({ user_id: userId, title: unique("Pictured recipe") })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Uploads a fresh picture of the format as the raw body. */
export async function uploadPicture(path: string, format: ImageFormat, token: string): Promise<ApiResponse> {
  return api("PUT", path, {
    body: await makeImage(format),
    headers: { "content-type": CONTENT_TYPES[format] },
    token,
  });
}

/** The picture columns of a row, straight from the database. */
export async function pictureColumns(
  table: PictureTableName,
  id: number,
): Promise<{ img: string | null; preview_img: string | null }> {
  const result = await sql<{ img: string | null; preview_img: string | null }>`
    select img, preview_img from ${sql.table(table)} where id = ${id}
  `.execute(getDb());
  const row = result.rows[0];
  if (!row) throw new Error(`${table} ${id} does not exist`);
  return row;
}

/** Fetches a public URL anonymously, the way a browser loads an <img>. */
export async function fetchPublic(url: string): Promise<{ status: number; bytes: Buffer; headers: Headers }> {
  const response = await fetch(url);
  return {
    status: response.status,
    bytes: Buffer.from(await response.arrayBuffer()),
    headers: response.headers,
  };
}

/** Stores two objects and points the row's img and preview_img at them; returns their keys. */
export async function attachPictures(table: "categories" | "ingredients", id: number): Promise<string[]> {
  const keys = [`test/${unique("img")}.png`, `test/${unique("preview")}.png`];
  for (const key of keys) await putPublicObject(key, new Uint8Array([1, 2, 3]), "image/png");
  await getDb()
    .updateTable(table)
    .set({ img: publicUrl(keys[0] ?? ""), preview_img: publicUrl(keys[1] ?? "") })
    .where("id", "=", id)
    .execute();
  return keys;
}

/** Whether an object is still in the bucket. */
export async function objectExists(key: string): Promise<boolean> {
  try {
    await getStorage().send(new HeadObjectCommand({ Bucket: config.storage.bucket, Key: key }));
    return true;
  } catch {
    return false;
  }
}

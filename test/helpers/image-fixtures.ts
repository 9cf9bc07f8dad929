/** Pictures made with sharp at test time, rows to attach them to, and multipart bodies. */
import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import sharp from "sharp";
import { getDb } from "../../core/db.ts";
import type { ImageFormat } from "../../core/image/format.ts";
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

/** Rows made with plain SQL, so these tests do not depend on the other resources' routes. */
async function insertRow(table: Exclude<PictureTableName, "users">, values: Record<string, unknown>) {
  const result = await sql<{ id: number }>`
    insert into ${sql.table(table)} (${sql.join(Object.keys(values).map((k) => sql.ref(k)))})
    values (${sql.join(Object.values(values))})
    returning id
  `.execute(getDb());
  const row = result.rows[0];
  if (!row) throw new Error(`no ${table} row inserted`);
  return row.id;
}

export const makeRecipeRow = (userId: number) =>
  insertRow("recipes", { user_id: userId, title: unique("Pictured recipe") });
export const makeIngredientRow = (userId: number | null) =>
  insertRow("ingredients", { user_id: userId, name: unique("Pictured ingredient") });
export const makeCategoryRow = () => insertRow("categories", { name: unique("Pictured category") });

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

/**
 * A picture given by address (`PUT …/image` with `application/json` `{url}`, as the import's draft
 * hands out `image_url`): fetched under the safe-fetch rules (public http(s) addresses only, on every
 * redirect; 10 s; at most the upload limit), then handled exactly like an uploaded picture.
 */

import * as z from "zod/mini";
import { BadRequest, Invalid } from "../errors.ts";
import { couldNotFetch, fetchSafely } from "../net/safe-fetch.ts";
import { formatOfContentType, IMAGE_FORMATS, type PictureUpload, sniffFormat } from "./format.ts";
import { MAX_PICTURE_BYTES } from "./process.ts";

const PICTURE_TYPES = [...Object.values(IMAGE_FORMATS).map((f) => f.contentType), "application/octet-stream"];
const EXPECTED = "a JPEG, PNG, WebP or AVIF picture";

/**
 * The `{url}` body as the API reference shows it. `readUrl` reads it by hand to answer in the
 * contract's words; keep the two alike.
 */
export const PictureFromUrl = z
  .strictObject({
    url: z.string().check(z.maxLength(2000)).register(z.globalRegistry, {
      description: "A public http(s) address of the picture, fetched by the service.",
    }),
  })
  .register(z.globalRegistry, { id: "PictureFromUrl" });

/** The `{url}` body: exactly one field, an http(s) address of at most 2,000 characters. */
function readUrl(body: Buffer): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString("utf8"));
  } catch {
    throw BadRequest("Request body is not valid JSON.");
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw Invalid("Request body is invalid.", [
      { path: "(body)", message: "Must be an object with a 'url'." },
    ]);
  }
  const unknown = Object.keys(parsed).filter((key) => key !== "url");
  if (unknown.length > 0) {
    throw Invalid(
      "Request body is invalid.",
      unknown.map((path) => ({ path, message: "Unknown field." })),
    );
  }
  const url = (parsed as { url?: unknown }).url;
  let valid = typeof url === "string" && url.length <= 2000;
  try {
    valid &&= /^https?:$/.test(new URL(url as string).protocol);
  } catch {
    valid = false;
  }
  if (!valid) {
    throw Invalid("Request body is invalid.", [
      { path: "url", message: "Must be an http or https address of at most 2000 characters." },
    ]);
  }
  return url as string;
}

/** Runs a fetch within the caller's ration (core/net/fetch-ration.ts). */
export type Ration = <T>(fetch: () => Promise<T>) => Promise<T>;

/**
 * Fetches the picture a `{url}` body names, within `ration` (the body is checked first: a bad one
 * costs nothing); its format comes from the content type, else the bytes.
 */
export async function readPictureFromUrl(body: Buffer, ration: Ration): Promise<PictureUpload> {
  const url = readUrl(body);
  const fetched = await ration(() =>
    fetchSafely(url, { accept: PICTURE_TYPES, expected: EXPECTED, maxBytes: MAX_PICTURE_BYTES }),
  );
  const format = formatOfContentType(fetched.mediaType) ?? sniffFormat(fetched.body);
  if (!format || fetched.body.length === 0)
    throw couldNotFetch(new URL(url).href, `its bytes are not ${EXPECTED}`);
  return { bytes: fetched.body, format };
}

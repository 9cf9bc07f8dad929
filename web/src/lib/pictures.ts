/**
 * Pictures on their way to the API: a phone photo too big for the upload limit is scaled down in the
 * browser (decoded with createImageBitmap, drawn on a canvas, encoded as JPEG) instead of failing with
 * 413; the upload itself goes through XMLHttpRequest, because fetch() reports no upload progress.
 */

import { t } from "../i18n/index.ts";
import { API_URL, api, call } from "./api/client.ts";
import { auth } from "./auth.ts";
import { ApiError, toApiError, UNREACHABLE_MESSAGE } from "./errors.ts";

/** The rows that carry a picture, as the API names their collections. */
export type PictureTarget = { collection: "recipes" | "ingredients" | "categories" | "users"; id: number };

/**
 * The API takes 5 MB, but behind API Gateway only about 4.4 MB get through (the Lambda payload
 * carries the body base64-encoded, README "Pictures"), so anything above 4 MB is scaled down.
 */
export const MAX_UPLOAD_BYTES = 4 * 1024 * 1024;
export const ACCEPTED_TYPES = ["image/jpeg", "image/png", "image/webp", "image/avif"];

/** Long edges tried in turn: 2560 px is sharp on any screen and lands near 1 MB as JPEG. */
const EDGES = [2560, 2048, 1600, 1280, 1024] as const;
const QUALITY = 0.85;

export class PictureError extends Error {
  override readonly name = "PictureError";
}

/** The file goes as it is when the API accepts its type and size; otherwise it is re-encoded. */
export const needsDownscale = (file: { size: number; type: string }): boolean =>
  file.size > MAX_UPLOAD_BYTES || !ACCEPTED_TYPES.includes(file.type);

/** Width and height that fit in `maxEdge` on the long side, keeping the proportions; never enlarged. */
export function fitWithin(width: number, height: number, maxEdge: number): { width: number; height: number } {
  const scale = Math.min(1, maxEdge / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Encodes the picture at a given size; the browser's canvas in the app, a fake in unit tests. */
export type Encoder = (width: number, height: number) => Promise<Blob>;

/**
 * Encodes at the largest of EDGES (or the picture's own size, if smaller) whose result fits under
 * `limit`. A detailed photo can need a second, smaller try; a picture that fits nowhere is refused.
 */
export async function shrinkToFit(
  size: { width: number; height: number },
  encode: Encoder,
  limit = MAX_UPLOAD_BYTES,
): Promise<Blob> {
  // A picture smaller than the first try (a GIF, a HEIC) is re-encoded at its own size first.
  const first = Math.min(Math.max(size.width, size.height), EDGES[0]);
  const edges = [first, ...EDGES.filter((edge) => edge < first)];
  for (const edge of edges) {
    const { width, height } = fitWithin(size.width, size.height, edge);
    const blob = await encode(width, height);
    if (blob.size <= limit) return blob;
  }
  throw new PictureError(t("lib.pictureTooLarge"));
}

/** A canvas that encodes `bitmap` at a given size as JPEG, on a white ground (JPEG has no transparency). */
function canvasEncoder(bitmap: ImageBitmap): Encoder {
  return async (width, height) => {
    const canvas = document.createElement("canvas");
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext("2d");
    if (!context) throw new PictureError(t("lib.pictureCannotScale"));
    context.fillStyle = "#fff";
    context.fillRect(0, 0, width, height);
    context.imageSmoothingQuality = "high";
    context.drawImage(bitmap, 0, 0, width, height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", QUALITY));
    if (!blob) throw new PictureError(t("lib.pictureNotScaled"));
    return blob;
  };
}

/**
 * The picture as it will be uploaded: the file itself, or a JPEG scaled down to fit the limit (a
 * 12 MP phone photo of 6 MB becomes about 1 MB at 2560 px). EXIF orientation is applied, so a photo
 * taken upright stays upright once the metadata is gone.
 */
export async function prepareForUpload(file: File): Promise<Blob> {
  if (!needsDownscale(file)) return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    throw new PictureError(t("lib.pictureUnreadable"));
  }
  try {
    return await shrinkToFit(bitmap, canvasEncoder(bitmap));
  } finally {
    bitmap.close();
  }
}

const imageUrl = (target: PictureTarget) => `${API_URL}/api/v1/${target.collection}/${target.id}/image`;

/**
 * PUTs the picture as the request body and reports progress (0 to 1). Answers the updated row; a
 * refusal is the API's problem+json sentence, like every other call (lib/errors.ts).
 */
export async function uploadPicture<Row = unknown>(
  target: PictureTarget,
  picture: Blob,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<Row> {
  // The same rule as the API client: the session's token, renewed when due; a 401 renews it and
  // sends the picture once more, and stands only when the session has ended.
  const token = await auth.freshToken();
  try {
    return await putPicture<Row>(target, picture, token, onProgress, signal);
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 401 && token)) throw error;
    const next = await auth.renew(token);
    if (!next) throw error;
    return putPicture<Row>(target, picture, next, onProgress, signal);
  }
}

function putPicture<Row>(
  target: PictureTarget,
  picture: Blob,
  token: string | null,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<Row> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("PUT", imageUrl(target));
    xhr.setRequestHeader("Content-Type", picture.type || "application/octet-stream");
    if (token) xhr.setRequestHeader("Authorization", `Bearer ${token}`);
    xhr.responseType = "json";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve(xhr.response as Row);
        return;
      }
      reject(toApiError(xhr.status, xhr.response, { retryAfter: xhr.getResponseHeader("Retry-After") }));
    };
    xhr.onerror = () => reject(new ApiError(0, UNREACHABLE_MESSAGE));
    xhr.onabort = () => reject(new DOMException("The upload was cancelled.", "AbortError"));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(picture);
  });
}

/** Removes the row's picture (DELETE …/image → 204). */
export async function removePicture(target: PictureTarget): Promise<void> {
  const { id } = target;
  const request = {
    recipes: () => api.DELETE("/api/v1/recipes/{recipe_id}/image", { params: { path: { recipe_id: id } } }),
    ingredients: () =>
      api.DELETE("/api/v1/ingredients/{ingredient_id}/image", { params: { path: { ingredient_id: id } } }),
    categories: () =>
      api.DELETE("/api/v1/categories/{category_id}/image", { params: { path: { category_id: id } } }),
    users: () => api.DELETE("/api/v1/users/{user_id}/image", { params: { path: { user_id: id } } }),
  }[target.collection];
  await call(request());
}

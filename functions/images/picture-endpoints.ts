/**
 * The upload and removal endpoints are the same for the four kinds of rows that carry pictures;
 * each handler file names its route, the kind of row and how to read the row back.
 */
import type * as z from "zod/mini";
import type { Caller } from "../../core/auth/caller.ts";
import { getDb } from "../../core/db.ts";
import { IMAGE_FORMATS } from "../../core/image/format.ts";
import { PictureFromUrl } from "../../core/image/from-url.ts";
import { MAX_PICTURE_BYTES } from "../../core/image/process.ts";
import { type PictureOwner, replacePicture } from "../../core/image/service.ts";
import { MULTIPART_FIELD } from "../../core/image/upload.ts";
import { endpoint, ok } from "../lib/endpoint.ts";
import type { RouteName } from "../routes.ts";
import { idOf } from "./remove-endpoint.ts";

type UploadRoute = Extract<RouteName, `images/${string}-upload`>;

const UPLOAD_DESCRIPTION =
  "The body is the image itself (`image/jpeg`, `image/png`, `image/webp`, `image/avif`) or " +
  "`multipart/form-data` with a field `image`, at most 5 MB. The bytes must be that format. The " +
  "original is stored without metadata next to a WebP preview at most 256 px wide; the previous " +
  "picture's objects are deleted. Behind API Gateway → Lambda the practical limit is about 4.4 MB, " +
  "because the 6 MB invocation payload carries the body base64-encoded. An `application/json` body " +
  "`{url}` names a picture to fetch instead (public http(s) addresses only, on every redirect; 10 s, " +
  "5 MB): a refused address or a failing site is a 422. Such fetches count against the recipe import's " +
  "budget (30 in 10 minutes per user), and at most 2 of one user run at once: 429 with `Retry-After`.";

/** `PUT /<collection>/<id>/image`. */
export function uploadPictureEndpoint<Z extends z.ZodMiniType>(
  name: UploadRoute,
  kind: PictureOwner,
  schema: Z,
  read: (id: number, caller: Caller) => Promise<z.output<Z>>,
) {
  const noun = kind.toLowerCase();
  return endpoint(name, {
    summary: `Set the ${noun}'s picture`,
    description: UPLOAD_DESCRIPTION,
    raw: {
      mediaTypes: Object.values(IMAGE_FORMATS).map((format) => format.contentType),
      formField: MULTIPART_FIELD,
      description:
        "The image itself (JPEG, PNG, WebP or AVIF), a form with the field `image`, or JSON `{url}`.",
      json: PictureFromUrl,
    },
    maxBodyBytes: MAX_PICTURE_BYTES,
    response: { status: 200, schema, description: `The ${noun} with its new picture.` },
    errors: [
      "bad_request",
      "forbidden",
      "unsupported_media_type",
      "invalid",
      "too_many_requests",
      "unavailable",
    ],
    handle: async ({ params, rawBody, contentType, caller }) => {
      const id = idOf(params);
      await replacePicture(getDb(), kind, id, rawBody, contentType, caller);
      // `read` is checked against the schema where it is passed; here Z is still generic.
      return ok(await read(id, caller)) as never;
    },
  });
}

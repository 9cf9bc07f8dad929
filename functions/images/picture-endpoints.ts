/**
 * The upload and removal endpoints are the same for the four collections that carry pictures;
 * each handler file names its collection, its path parameter and how to read the row back.
 */
import type { z } from "zod";
import type { Caller } from "../../core/auth/caller.ts";
import { getDb } from "../../core/db.ts";
import { MAX_PICTURE_BYTES } from "../../core/image/process.ts";
import { type PictureTable, removePicture, replacePicture } from "../../core/image/service.ts";
import { endpoint, noContent, ok } from "../lib/endpoint.ts";

type Collection<P extends string> = {
  table: PictureTable;
  /** "recipe", "category", ...: for the API reference. */
  noun: string;
  param: P;
  schema: z.ZodType;
  read: (id: number, caller: Caller | null) => Promise<unknown>;
};

const UPLOAD_DESCRIPTION =
  "The body is the image itself (`image/jpeg`, `image/png`, `image/webp`, `image/avif`) or " +
  "`multipart/form-data` with a field `image`, at most 5 MB. The bytes must be that format. The " +
  "original is stored without metadata next to a WebP preview at most 256 px wide; the previous " +
  "picture's objects are deleted. Behind API Gateway → Lambda the practical limit is about 4.4 MB, " +
  "because the 6 MB invocation payload carries the body base64-encoded. An `application/json` body " +
  "`{url}` names a picture to fetch instead (public http(s) addresses only, on every redirect; 10 s, " +
  "5 MB): a refused address or a failing site is a 422.";

/** `PUT /<collection>/<id>/image`. */
export function uploadPictureEndpoint<P extends string>(collection: Collection<P>) {
  return endpoint({
    summary: `Set the ${collection.noun}'s picture`,
    description: UPLOAD_DESCRIPTION,
    params: [collection.param],
    bodyKind: "raw",
    maxBodyBytes: MAX_PICTURE_BYTES,
    response: {
      status: 200,
      schema: collection.schema,
      description: `The ${collection.noun} with its new picture.`,
    },
    errors: [400, 403, 404, 413, 415, 422, 503],
    handle: async ({ params, rawBody, contentType, caller }) => {
      const id = params[collection.param];
      await replacePicture(getDb(), collection.table, id, rawBody, contentType, caller);
      return ok(await collection.read(id, caller));
    },
  });
}

/** `DELETE /<collection>/<id>/image`. */
export function removePictureEndpoint<P extends string>(
  collection: Pick<Collection<P>, "table" | "noun" | "param">,
) {
  return endpoint({
    summary: `Remove the ${collection.noun}'s picture`,
    description: "Clears `img` and `preview_img` and deletes the stored objects.",
    params: [collection.param],
    response: { status: 204, description: "The picture is gone." },
    errors: [403, 404, 503],
    handle: async ({ params, caller }) => {
      await removePicture(getDb(), collection.table, params[collection.param], caller);
      return noContent();
    },
  });
}

/**
 * The removal endpoint of the four kinds of rows that carry pictures (see picture-endpoints.ts for
 * the upload). A module of its own so that the removal functions do not bundle the upload path.
 */
import { getDb } from "../../core/db.ts";
import { removePicture } from "../../core/image/remove.ts";
import type { PictureOwner } from "../../core/image/repository.ts";
import { endpoint, noContent } from "../lib/endpoint.ts";
import type { RouteName } from "../routes.ts";

type RemoveRoute = Extract<RouteName, `images/${string}-remove`>;

/** Every picture route has one path parameter: the row's id. */
export const idOf = (params: Record<string, number>): number => Object.values(params)[0] ?? 0;

/** `DELETE /<collection>/<id>/image`. */
export function removePictureEndpoint(name: RemoveRoute, kind: PictureOwner) {
  return endpoint(name, {
    summary: `Remove the ${kind.toLowerCase()}'s picture`,
    description: "Clears `img` and `preview_img` and deletes the stored objects.",
    response: { status: 204, description: "The picture is gone." },
    errors: ["forbidden", "unavailable"],
    handle: async ({ params, caller }) => {
      await removePicture(getDb(), kind, idOf(params), caller);
      return noContent();
    },
  });
}

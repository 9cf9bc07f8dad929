import { ARCHIVE_IMPORT_LIMIT, importUpload } from "../../core/archive/import-service.ts";
import { ImportCreate, ImportRead } from "../../core/archive/schemas.ts";
import { getDb } from "../../core/db.ts";
import { endpoint, ok } from "../lib/endpoint.ts";

export const handler = endpoint("archives/import", {
  summary: "Import an uploaded archive",
  description:
    "The archive uploaded under `key` (an export of this service, from any instance and any user) " +
    "becomes the caller's own content with new ids: recipes, ingredients, stores with shelves, " +
    "shopping lists and meal plan. Ingredients and categories are matched by name ignoring case and " +
    "created when missing (categories only by an admin; otherwise the link is dropped with a " +
    "warning); pictures are copied. A broken, foreign or newer-format archive is a 422 with the " +
    "reason, and nothing is written. Importing the same archive twice adds its recipes twice (a warning says so). " +
    "It also reads a Paprika export and schema.org recipes (a JSON file or a zip of them), each through the recipe import's parser. " +
    `Each user may import ${ARCHIVE_IMPORT_LIMIT.max} times in ${ARCHIVE_IMPORT_LIMIT.windowMinutes} minutes, ` +
    "whatever the outcome (then 429 with `Retry-After`).",
  body: ImportCreate,
  response: { status: 200, schema: ImportRead, description: "What came in, and what did not." },
  errors: ["forbidden", "invalid", "too_many_requests"],
  handle: async ({ body, caller }) => ok(await importUpload(getDb(), body.key, caller)),
});

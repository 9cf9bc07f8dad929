import { ExportCreate, ExportRead } from "../../core/archive/schemas.ts";
import { createExport } from "../../core/archive/service.ts";
import { getDb } from "../../core/db.ts";
import { created, endpoint } from "../lib/endpoint.ts";

export const handler = endpoint("archives/export", {
  summary: "Export an archive",
  description:
    "Writes a zip archive to storage and answers a signed link to it (valid 15 minutes): " +
    "`manifest.json` (format version, counts, a SHA-256 per file), `data/<table>.json` (the rows, ids " +
    "included) and `images/<key>` (the stored pictures). `mine`: the caller's recipes, ingredients, " +
    "stores with shelves, shopping lists and meal plan, and the categories and ingredients they use. " +
    "`all` (Admin only): every table, users with their password hashes. The archive never passes " +
    "through this response: download it from `url`.",
  body: ExportCreate,
  response: { status: 201, schema: ExportRead, description: "Where to download the archive." },
  errors: ["forbidden", "invalid"],
  handle: async ({ body, caller }) => {
    const archive = await createExport(getDb(), body, caller);
    return created(archive, archive.url);
  },
});

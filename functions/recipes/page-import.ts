import { getDb } from "../../core/db.ts";
import { MAX_HTML_BYTES, RecipeDraft, RecipeImportRequest } from "../../core/page-import/schemas.ts";
import { importRecipe } from "../../core/page-import/service.ts";
import { endpoint, ok } from "../lib/endpoint.ts";

export const handler = endpoint("recipes/page-import", {
  summary: "Import a recipe from a page",
  description:
    "`{url}` (public http(s), 10 s, 5 MB), `{html, url?}` or `{json, url?}` → an unsaved draft in " +
    "grams; no recipe: 422; 429 per user.",
  body: RecipeImportRequest,
  // The HTML may be 5 MB, and JSON escapes its quotes and line breaks: a page's body grows by 5-20 %,
  // 40 % leaves room. Under the local server's 8 MB read guard (scripts/lib/http-server.ts).
  maxBodyBytes: MAX_HTML_BYTES + 2 * 1_048_576,
  response: { status: 200, schema: RecipeDraft, description: "The draft, for review before saving." },
  errors: ["payload_too_large", "invalid", "too_many_requests"],
  handle: async ({ body, caller }) => ok(await importRecipe(getDb(), body, caller)),
});

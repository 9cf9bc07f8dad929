import { getDb } from "../../core/db.ts";
import { MAX_HTML_BYTES, RecipeDraft, RecipeImportRequest } from "../../core/page-import/schemas.ts";
import { importRecipe } from "../../core/page-import/service.ts";
import { endpoint, ok } from "../lib/endpoint.ts";

export const handler = endpoint("recipes/page-import", {
  summary: "Import a recipe from a page",
  description:
    "Send exactly one of `{url}` (the service fetches the page), `{html, url?}` (a page's HTML, at most " +
    "5 MB) or `{json, url?}` (schema.org Recipe JSON-LD). The answer is a draft; nothing is saved. " +
    "The recipe is read from JSON-LD (`@graph`, arrays, `@type` lists; blocks that strict JSON refuses are " +
    "read leniently), then microdata. `total_time_sec` is the page's `totalTime` (null when it gives none " +
    "or it is prep + cook); `image_url` the page's own `og:image`, else the recipe's largest picture, " +
    "never a thumbnail; lines are read in the page's language (`inLanguage`, `<html lang>`). Each ingredient " +
    "line gets grams and `grams_from`: `given`, `mass`, `volume` or `piece` (the matched ingredient's " +
    "weights, else a built-in table of common foods: estimates, named in `warnings`), or `unknown`. " +
    "Fetching allows http(s) to public addresses only, on every redirect (at most 5), 10 s and 5 MB in " +
    "all; a site that fails, a refused address or a page without a recipe is a 422, and so is a page " +
    "whose reading would hold the service (`The page has more than 50000 elements.`, `The page is too " +
    "complex to read.`). Imports are " +
    "throttled per user: 429 with Retry-After.",
  body: RecipeImportRequest,
  // The HTML may be 5 MB, and JSON escapes its quotes and line breaks: a page's body grows by 5-20 %,
  // 40 % leaves room. Under the local server's 8 MB read guard (scripts/lib/http-server.ts).
  maxBodyBytes: MAX_HTML_BYTES + 2 * 1_048_576,
  response: { status: 200, schema: RecipeDraft, description: "The draft, for review before saving." },
  errors: ["payload_too_large", "invalid", "too_many_requests"],
  handle: async ({ body, caller }) => ok(await importRecipe(getDb(), body, caller)),
});

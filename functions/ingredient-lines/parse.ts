import { getDb } from "../../core/db.ts";
import { PARSE_LIMIT, parseLines } from "../../core/page-import/parse-lines.ts";
import { IngredientLinesParse, IngredientLinesRead } from "../../core/page-import/schemas.ts";
import { endpoint, ok } from "../lib/endpoint.ts";

export const handler = endpoint("ingredient-lines/parse", {
  summary: "Read ingredient lines as a person writes them",
  description:
    "Each line (`1 1/2 cups flour, sifted`, `2 EL Olivenöl`) is read by the recipe import's own parser, " +
    "one item per line in the order given, exactly as in an import draft: the amount as written, the " +
    "grams and where they came from (`mass`, `volume` × density, `piece`, `given` in the line, or " +
    "`unknown`), an existing ingredient matched ignoring case and plural, or by the food it names in " +
    "any of the ten languages (`200 g Zucker` matches an ingredient `Sugar`; `ingredient_id`, else " +
    "null and the name to create) and the note. `lang` (`en` `de` `fr` `es` `it` `nl` `pt` `sv` `da` " +
    "`nb`) reads the lines as a page in that language: its units, number words and foods, decimal " +
    "commas, metric cups and spoons (US ones for `en`). Without `lang` the lines are read as a page " +
    "without a language: English with US cups and spoons and a decimal point, plus the units all " +
    "languages agree on (`EL`, `dl`) and the foods of every language. `units` (`metric` or `us`) " +
    "writes each `amount_readable` in those measures in `lang`'s words, as a recipe read with " +
    "`?units=` does (`as_written`, or none: as written). Nothing is written. Throttled " +
    `per user: at most ${PARSE_LIMIT.max} requests in ${PARSE_LIMIT.windowMinutes} minute, then 429 ` +
    "with Retry-After.",
  body: IngredientLinesParse,
  response: { status: 200, schema: IngredientLinesRead, description: "One item per line." },
  errors: ["too_many_requests"],
  handle: async ({ body, caller }) =>
    ok({ items: await parseLines(getDb(), body.lines, caller, body.lang, body.units) }),
});

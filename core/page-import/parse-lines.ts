/**
 * `POST /ingredient-lines/parse` (service.ts reads the lines as an import does; this adds the route's
 * throttle and its measures). Apart from service.ts so that the page import, which reads lines too,
 * carries no amount conversion.
 */
import { convertAmount } from "../amount/convert.ts";
import { measuresOf } from "../amount/measures.ts";
import type { Caller } from "../auth/caller.ts";
import { type ThrottleLimit, take } from "../auth/throttle.ts";
import type { Db } from "../db.ts";
import type { Language, Units } from "../languages.ts";
import { findIngredientsByNames } from "./repository.ts";
import type { DraftIngredient } from "./schemas.ts";
import { readLines } from "./service.ts";

/**
 * Requests to `POST /ingredient-lines/parse` per user: the recipe editor asks once per pause in
 * typing, far below this; it bounds how many lines one account has the server read (12,000 a minute).
 */
export const PARSE_LIMIT: ThrottleLimit = { max: 120, windowMinutes: 1 };

/**
 * `POST /ingredient-lines/parse`: each line read by the import's own parser and matched like an
 * import's (plural and case blind, then the built-in foods in any language), one item per line in
 * the order given: what the recipe editor fills in when a person types `1 1/2 cups flour, sifted`.
 * In `language` (`de`: `2 EL Olivenöl`, decimal commas, metric cups) as a page in it is read;
 * without one as a page without a language: English, US cups and spoons, a decimal point, and the
 * foods of every language. Throttled per user (PARSE_LIMIT: 429 with Retry-After).
 */
export async function parseLines(
  db: Db,
  lines: readonly string[],
  caller: Caller,
  language?: Language,
  units?: Units,
): Promise<DraftIngredient[]> {
  await take(
    db,
    `parse-lines:${caller.id}`,
    PARSE_LIMIT,
    "Too many requests to parse ingredient lines. Try again in {s} seconds.",
  );
  const items = await readLines(lines, (names) => findIngredientsByNames(db, names), language);
  const measures = measuresOf({ units, lang: language });
  if (!measures) return items;
  // The grams of a line read from a volume came from its food's density: the line carries it.
  return items.map((item) => ({
    ...item,
    amount_readable: convertAmount(
      item.amount_readable,
      { grams: item.amount_grams, gramsPerMl: null },
      measures,
    ),
  }));
}

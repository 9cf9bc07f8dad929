/**
 * The ingredients that go by another name in a language (`GET /ingredients?named_in=`), as the
 * names the app shows for them there (i18n/food-names.ts): stored name (lower case) → its other name
 * in that language (otherNameIn, as an ingredient read names itself). Every page of them, 100 at a
 * time (a household has few).
 */
import { otherNameIn } from "../../i18n/food-names.ts";
import type { Language } from "../../i18n/languages.ts";
import { api, call } from "./client.ts";

/** At most this many pages (10,000 ingredients): the rest show by the built-in table. */
const MAX_PAGES = 100;

export async function ownIngredientNames(language: Language): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const { items, next_cursor } = await call(
      api.GET("/api/v1/ingredients", { params: { query: { named_in: language, limit: 100, cursor } } }),
    );
    for (const ingredient of items) {
      const other = otherNameIn(ingredient, language);
      if (other) names.set(ingredient.name.trim().toLowerCase(), other);
    }
    if (!next_cursor) break;
    cursor = next_cursor;
  }
  return names;
}

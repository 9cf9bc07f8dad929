import { getDb } from "../../core/db.ts";
import { IngredientListQuery, IngredientRead } from "../../core/ingredient/schemas.ts";
import { listIngredients } from "../../core/ingredient/service.ts";
import { pageOf } from "../../core/pagination.ts";
import { endpoint, ok } from "../lib/endpoint.ts";

export const handler = endpoint("ingredients/list", {
  summary: "List ingredients",
  description:
    "In name order, then id. `q` matches names that start with it or have a word that does " +
    "(after a space, '-', '/' or '('), ignoring case and the accents of common Latin letters; it " +
    "also matches the other names an ingredient goes by. `named_in` (a language) keeps the " +
    "ingredients that go by another name in that language. " +
    "Keyset pagination: pass `next_cursor` back as `cursor`.",
  query: IngredientListQuery,
  response: {
    status: 200,
    schema: pageOf(IngredientRead),
    description: "A page of ingredients.",
  },
  handle: async ({ query }) => ok(await listIngredients(getDb(), query)),
});

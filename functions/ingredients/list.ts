import { z } from "zod";
import { getDb } from "../../core/db.ts";
import { IngredientListQuery, IngredientRead } from "../../core/ingredient/schemas.ts";
import { listIngredients } from "../../core/ingredient/service.ts";
import { endpoint, ok } from "../lib/endpoint.ts";

export const handler = endpoint({
  summary: "List ingredients",
  description:
    "In name order, then id. `q` matches names that start with it or have a word that does " +
    "(after a space, '-', '/' or '('), ignoring case and the accents of common Latin letters. " +
    "Keyset pagination: pass `next_cursor` back as `cursor`.",
  query: IngredientListQuery,
  response: {
    status: 200,
    schema: z.object({ items: z.array(IngredientRead), next_cursor: z.string().nullable() }),
    description: "A page of ingredients.",
  },
  handle: async ({ query }) => ok(await listIngredients(getDb(), query)),
});

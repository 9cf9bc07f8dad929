import { getDb } from "../../core/db.ts";
import { PageQuery, pageOf } from "../../core/pagination.ts";
import { IngredientStoreRead } from "../../core/shelf/schemas.ts";
import { listIngredientStores } from "../../core/shelf/service.ts";
import { endpoint, ok } from "../lib/endpoint.ts";

export const handler = endpoint("ingredients/stores", {
  summary: "Where an ingredient can be found",
  description:
    "The stores that have the ingredient on a shelf, in store name order, each with `shelf` " +
    "`{id, name, position}`. Paginated like every list: pass `next_cursor` back as `cursor`.",
  query: PageQuery,
  response: {
    status: 200,
    schema: pageOf(IngredientStoreRead),
    description: "A page of stores, each with the shelf holding the ingredient.",
  },
  errors: ["not_found"],
  handle: async ({ params, query }) => ok(await listIngredientStores(getDb(), params.ingredient_id, query)),
});

import { getDb } from "../../core/db.ts";
import { IngredientRead } from "../../core/ingredient/schemas.ts";
import { getIngredient } from "../../core/ingredient/service.ts";
import { endpoint, ok } from "../lib/endpoint.ts";

export const handler = endpoint({
  summary: "Get an ingredient",
  params: ["ingredient_id"],
  response: { status: 200, schema: IngredientRead, description: "The ingredient." },
  errors: [404],
  handle: async ({ params }) => ok(await getIngredient(getDb(), params.ingredient_id)),
});

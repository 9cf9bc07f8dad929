import { getDb } from "../../core/db.ts";
import { IngredientRead } from "../../core/ingredient/schemas.ts";
import { getIngredient } from "../../core/ingredient/service.ts";
import { endpoint, ok } from "../lib/endpoint.ts";

export const handler = endpoint("ingredients/get", {
  summary: "Get an ingredient",
  response: { status: 200, schema: IngredientRead, description: "The ingredient." },
  errors: ["not_found"],
  handle: async ({ params }) => ok(await getIngredient(getDb(), params.ingredient_id)),
});

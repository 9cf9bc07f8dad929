import { getDb } from "../../core/db.ts";
import { IngredientRead, IngredientUpdate } from "../../core/ingredient/schemas.ts";
import { updateIngredient } from "../../core/ingredient/service.ts";
import { endpoint, ok } from "../lib/endpoint.ts";

export const handler = endpoint("ingredients/update", {
  summary: "Update an ingredient",
  description: "The creator or an admin. Any subset of the create fields.",
  body: IngredientUpdate,
  response: { status: 200, schema: IngredientRead, description: "The updated ingredient." },
  errors: ["forbidden", "not_found", "conflict"],
  handle: async ({ params, body, caller }) =>
    ok(await updateIngredient(getDb(), params.ingredient_id, body, caller)),
});

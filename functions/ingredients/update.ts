import { getDb } from "../../core/db.ts";
import { IngredientRead, IngredientUpdate } from "../../core/ingredient/schemas.ts";
import { updateIngredient } from "../../core/ingredient/service.ts";
import { endpoint, ok } from "../lib/endpoint.ts";

export const handler = endpoint("ingredients/update", {
  summary: "Update an ingredient",
  description:
    "The creator or an admin. Any subset of the create fields. A new name is matched again to a food of " +
    "USDA's table (its `nutrients_per_100g`, `nutrition_source.by` `match`), unless a person chose its " +
    "nutrition: `nutrition_food_id` (a food of `GET /foods`; 422 when it is not one) or " +
    "`nutrients_per_100g` (the eight per 100 g as typed: each ≥ 0 or null, grams at most 100, energy at " +
    "most 1000 kcal; one left out is unknown), one or the other, overrides the match until either is " +
    "sent as null, which clears the choice back to the match.",
  body: IngredientUpdate,
  response: { status: 200, schema: IngredientRead, description: "The updated ingredient." },
  errors: ["forbidden", "not_found", "conflict", "invalid"],
  handle: async ({ params, body, caller }) =>
    ok(await updateIngredient(getDb(), params.ingredient_id, body, caller)),
});

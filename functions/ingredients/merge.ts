import { getDb } from "../../core/db.ts";
import { mergeIngredient } from "../../core/ingredient/merge.ts";
import { IngredientMerge, IngredientRead } from "../../core/ingredient/schemas.ts";
import { endpoint, ok } from "../lib/endpoint.ts";

export const handler = endpoint("ingredients/merge", {
  summary: "Merge an ingredient into another",
  description:
    "An admin, or the creator of both when no other user's recipe, list or store uses this ingredient " +
    "(else 409 naming them: a user's merge never changes another user's content). Every recipe line, list item, shelf place and made-by link of this " +
    "ingredient moves to `into_id`: two lines of one recipe add up (grams and amounts as written), an " +
    "unchecked list item joins the other's on the same list, a store keeps the other's shelf, and what " +
    "`into_id` lacks (description, made-by recipe, weights, picture, nutrition; a person's nutrition over a match) it takes from this one. Then this " +
    "ingredient is deleted. One transaction.",
  body: IngredientMerge,
  response: {
    status: 200,
    schema: IngredientRead,
    description: "The ingredient `into_id`, after the merge.",
  },
  errors: ["forbidden", "not_found", "conflict"],
  handle: async ({ params, body, caller }) =>
    ok(await mergeIngredient(getDb(), params.ingredient_id, body, caller)),
});

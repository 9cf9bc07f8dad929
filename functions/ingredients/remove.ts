import { getDb } from "../../core/db.ts";
import { removeIngredient } from "../../core/ingredient/service.ts";
import { endpoint, noContent } from "../lib/endpoint.ts";

export const handler = endpoint("ingredients/remove", {
  summary: "Delete an ingredient",
  description: "The creator or an admin. 409 while recipes use it; it leaves every shelf it was on.",
  response: { status: 204, description: "Deleted." },
  errors: ["forbidden", "not_found", "conflict"],
  handle: async ({ params, caller }) => {
    await removeIngredient(getDb(), params.ingredient_id, caller);
    return noContent();
  },
});

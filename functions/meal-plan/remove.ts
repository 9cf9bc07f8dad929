import { getDb } from "../../core/db.ts";
import { removeEntry } from "../../core/meal-plan/service.ts";
import { endpoint, noContent } from "../lib/endpoint.ts";

export const handler = endpoint("meal-plan/remove", {
  summary: "Delete a meal plan entry",
  description: "Its creator, the members of its household, or an admin.",
  response: { status: 204, description: "Deleted." },
  errors: ["forbidden"],
  handle: async ({ params, caller }) => {
    await removeEntry(getDb(), params.entry_id, caller);
    return noContent();
  },
});

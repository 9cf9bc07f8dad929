import { requireCaller } from "../../core/auth/caller.ts";
import { getDb } from "../../core/db.ts";
import { removeEntry } from "../../core/meal-plan/service.ts";
import { endpoint, noContent } from "../lib/endpoint.ts";

export const handler = endpoint({
  summary: "Delete a meal plan entry",
  description: "Owner or admin.",
  params: ["entry_id"],
  response: { status: 204, description: "Deleted." },
  errors: [403],
  handle: async ({ params, caller }) => {
    await removeEntry(getDb(), params.entry_id, requireCaller(caller));
    return noContent();
  },
});

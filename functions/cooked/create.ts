import { CookedCreate, CookedRead } from "../../core/cooked/schemas.ts";
import { createCooked } from "../../core/cooked/service.ts";
import { getDb } from "../../core/db.ts";
import { created, endpoint } from "../lib/endpoint.ts";
import { API_PREFIX } from "../lib/route-types.ts";

export const handler = endpoint("cooked/create", {
  summary: "I made this",
  description:
    "Notes that the caller cooked the recipe: on `date` (default today, in UTC), at `servings` " +
    "(default the recipe's own; null: not said), with a `note` (at most 500 characters, trimmed). " +
    "Private to the caller, or shared with `household_id` (the caller must be a member: 403; an " +
    "unknown household is a 422): its members see it in their log and in `last_cooked`.",
  body: CookedCreate,
  response: { status: 201, schema: CookedRead, description: "The new entry of the log." },
  errors: ["forbidden", "invalid"],
  handle: async ({ params, body, caller }) => {
    const entry = await createCooked(getDb(), params.recipe_id, body, caller);
    return created(entry, `${API_PREFIX}/cooked/${entry.id}`);
  },
});

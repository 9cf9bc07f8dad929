import { CookedPage, CookedQuery } from "../../core/cooked/schemas.ts";
import { listCooked } from "../../core/cooked/service.ts";
import { getDb } from "../../core/db.ts";
import { endpoint, ok } from "../lib/endpoint.ts";

export const handler = endpoint("cooked/list", {
  summary: "What was cooked",
  description:
    "The caller's log and every entry shared with their households, newest day first (then the " +
    "newest entry), from `from` to `to` (inclusive; either may be left out), of one recipe with " +
    "`recipe_id`. `to` before `from` is a 400. Pages by keyset: pass `next_cursor` back as `cursor` " +
    "with the same filters.",
  query: CookedQuery,
  response: { status: 200, schema: CookedPage, description: "A page of the log." },
  errors: ["bad_request"],
  handle: async ({ query, caller }) => ok(await listCooked(getDb(), query, caller)),
});

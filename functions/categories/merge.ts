import { CategoryMerge, CategoryRead } from "../../core/category/schemas.ts";
import { mergeCategory } from "../../core/category/service.ts";
import { getDb } from "../../core/db.ts";
import { endpoint, ok } from "../lib/endpoint.ts";

export const handler = endpoint("categories/merge", {
  summary: "Merge a category into another",
  description:
    "Admin only. Every recipe of this category is in `into_id` from now on (once), `into_id` takes this " +
    "one's description and picture where it has none, and this category is deleted. One transaction.",
  body: CategoryMerge,
  response: { status: 200, schema: CategoryRead, description: "The category `into_id`, after the merge." },
  errors: ["not_found"],
  handle: async ({ params, body, caller }) =>
    ok(await mergeCategory(getDb(), params.category_id, body, caller)),
});

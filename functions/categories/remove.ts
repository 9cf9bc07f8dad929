import { removeCategory } from "../../core/category/service.ts";
import { getDb } from "../../core/db.ts";
import { endpoint, noContent } from "../lib/endpoint.ts";

export const handler = endpoint("categories/remove", {
  summary: "Delete a category",
  description: "Admin only. Recipes keep existing and lose the category; its pictures are removed.",
  response: { status: 204, description: "Deleted." },
  errors: ["not_found"],
  handle: async ({ params, caller }) => {
    await removeCategory(getDb(), params.category_id, caller);
    return noContent();
  },
});

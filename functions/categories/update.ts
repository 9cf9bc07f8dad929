import { CategoryRead, CategoryUpdate } from "../../core/category/schemas.ts";
import { updateCategory } from "../../core/category/service.ts";
import { getDb } from "../../core/db.ts";
import { endpoint, ok } from "../lib/endpoint.ts";

export const handler = endpoint("categories/update", {
  summary: "Update a category",
  description: "Admin only. Any subset of the create fields.",
  body: CategoryUpdate,
  response: { status: 200, schema: CategoryRead, description: "The updated category." },
  errors: ["not_found", "conflict"],
  handle: async ({ params, body, caller }) =>
    ok(await updateCategory(getDb(), params.category_id, body, caller)),
});

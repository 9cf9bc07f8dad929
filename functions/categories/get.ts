import { CategoryRead } from "../../core/category/schemas.ts";
import { getCategory } from "../../core/category/service.ts";
import { getDb } from "../../core/db.ts";
import { endpoint, ok } from "../lib/endpoint.ts";

export const handler = endpoint("categories/get", {
  summary: "Get a category",
  response: { status: 200, schema: CategoryRead, description: "The category." },
  errors: ["not_found"],
  handle: async ({ params }) => ok(await getCategory(getDb(), params.category_id)),
});

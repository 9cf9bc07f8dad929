import { CategoryRead } from "../../core/category/schemas.ts";
import { getCategory } from "../../core/category/service.ts";
import { getDb } from "../../core/db.ts";
import { endpoint, ok } from "../lib/endpoint.ts";

export const handler = endpoint({
  summary: "Get a category",
  params: ["category_id"],
  response: { status: 200, schema: CategoryRead, description: "The category." },
  errors: [404],
  handle: async ({ params }) => ok(await getCategory(getDb(), params.category_id)),
});

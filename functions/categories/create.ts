import { CategoryCreate, CategoryRead } from "../../core/category/schemas.ts";
import { createCategory } from "../../core/category/service.ts";
import { getDb } from "../../core/db.ts";
import { created, endpoint } from "../lib/endpoint.ts";
import { API_PREFIX } from "../lib/route-types.ts";

export const handler = endpoint("categories/create", {
  summary: "Create a category",
  description: "Admin only. Names are unique ignoring case.",
  body: CategoryCreate,
  response: { status: 201, schema: CategoryRead, description: "The created category." },
  errors: ["conflict"],
  handle: async ({ body, caller }) => {
    const category = await createCategory(getDb(), body, caller);
    return created(category, `${API_PREFIX}/categories/${category.id}`);
  },
});

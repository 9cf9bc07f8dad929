import { CategoryRead } from "../../core/category/schemas.ts";
import { listCategories } from "../../core/category/service.ts";
import { getDb } from "../../core/db.ts";
import { PageQuery, pageOf } from "../../core/pagination.ts";
import { endpoint, ok } from "../lib/endpoint.ts";

export const handler = endpoint("categories/list", {
  summary: "List categories",
  description: "In name order, then id. Keyset pagination: pass `next_cursor` back as `cursor`.",
  query: PageQuery,
  response: {
    status: 200,
    schema: pageOf(CategoryRead),
    description: "A page of categories.",
  },
  handle: async ({ query }) => ok(await listCategories(getDb(), query)),
});

import type { Route } from "../lib/route-types.ts";

export const categoryRoutes: readonly Route[] = [
  { method: "GET", path: "/categories", handler: "categories/list", access: "public" },
  { method: "POST", path: "/categories", handler: "categories/create", access: "admin" },
  { method: "GET", path: "/categories/{category_id}", handler: "categories/get", access: "public" },
  { method: "PUT", path: "/categories/{category_id}", handler: "categories/update", access: "admin" },
  { method: "DELETE", path: "/categories/{category_id}", handler: "categories/remove", access: "admin" },
];

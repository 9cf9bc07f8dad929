import type { Route } from "../lib/route-types.ts";

export const ingredientRoutes: readonly Route[] = [
  { method: "GET", path: "/ingredients", handler: "ingredients/list", access: "public" },
  { method: "POST", path: "/ingredients", handler: "ingredients/create", access: "user" },
  { method: "GET", path: "/ingredients/{ingredient_id}", handler: "ingredients/get", access: "public" },
  { method: "PUT", path: "/ingredients/{ingredient_id}", handler: "ingredients/update", access: "user" },
  { method: "DELETE", path: "/ingredients/{ingredient_id}", handler: "ingredients/remove", access: "user" },
  {
    method: "GET",
    path: "/ingredients/{ingredient_id}/stores",
    handler: "ingredients/stores",
    access: "public",
  },
];

import type { Route } from "../lib/route-types.ts";

export const recipeRoutes: readonly Route[] = [
  { method: "GET", path: "/recipes", handler: "recipes/list", access: "public" },
  { method: "POST", path: "/recipes", handler: "recipes/create", access: "user" },
  { method: "POST", path: "/recipes/import", handler: "recipes/import", access: "user" },
  { method: "GET", path: "/recipes/{recipe_id}", handler: "recipes/get", access: "public" },
  { method: "PUT", path: "/recipes/{recipe_id}", handler: "recipes/update", access: "user" },
  { method: "DELETE", path: "/recipes/{recipe_id}", handler: "recipes/remove", access: "user" },
];

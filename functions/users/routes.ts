import type { Route } from "../lib/route-types.ts";

// /users/me and the fixed PUT paths come before /users/{user_id} so that they match first.
export const userRoutes: readonly Route[] = [
  { method: "POST", path: "/users", handler: "users/create", access: "public" },
  { method: "GET", path: "/users", handler: "users/list", access: "admin" },
  { method: "GET", path: "/users/me", handler: "users/me", access: "user" },
  { method: "PUT", path: "/users/email", handler: "users/update-email", access: "user" },
  { method: "PUT", path: "/users/password", handler: "users/update-password", access: "user" },
  { method: "GET", path: "/users/{user_id}", handler: "users/get", access: "public" },
  { method: "PUT", path: "/users/{user_id}/role", handler: "users/update-role", access: "admin" },
  { method: "DELETE", path: "/users/{user_id}", handler: "users/remove", access: "user" },
];

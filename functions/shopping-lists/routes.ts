import type { Route } from "../lib/route-types.ts";

export const shoppingListRoutes: readonly Route[] = [
  { method: "GET", path: "/shopping-lists", handler: "shopping-lists/list", access: "user" },
  { method: "POST", path: "/shopping-lists", handler: "shopping-lists/create", access: "user" },
  { method: "GET", path: "/shopping-lists/{list_id}", handler: "shopping-lists/get", access: "user" },
  { method: "PUT", path: "/shopping-lists/{list_id}", handler: "shopping-lists/update", access: "user" },
  { method: "DELETE", path: "/shopping-lists/{list_id}", handler: "shopping-lists/remove", access: "user" },
  {
    method: "POST",
    path: "/shopping-lists/{list_id}/recipes",
    handler: "shopping-lists/add-recipe",
    access: "user",
  },
  {
    method: "DELETE",
    path: "/shopping-lists/{list_id}/recipes/{recipe_id}",
    handler: "shopping-lists/remove-recipe",
    access: "user",
  },
  {
    method: "POST",
    path: "/shopping-lists/{list_id}/items",
    handler: "shopping-lists/add-item",
    access: "user",
  },
  {
    method: "DELETE",
    path: "/shopping-lists/{list_id}/items",
    handler: "shopping-lists/remove-checked",
    access: "user",
  },
  {
    method: "PUT",
    path: "/shopping-lists/{list_id}/items/{item_id}",
    handler: "shopping-lists/update-item",
    access: "user",
  },
  {
    method: "DELETE",
    path: "/shopping-lists/{list_id}/items/{item_id}",
    handler: "shopping-lists/remove-item",
    access: "user",
  },
  {
    method: "POST",
    path: "/shopping-lists/{list_id}/meal-plan",
    handler: "shopping-lists/add-meal-plan",
    access: "user",
  },
];

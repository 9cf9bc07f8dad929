import type { Route } from "../lib/route-types.ts";

// Same access as a PUT of the row; ownership is checked by the image service.
export const imageRoutes: readonly Route[] = [
  { method: "PUT", path: "/recipes/{recipe_id}/image", handler: "images/recipe-upload", access: "user" },
  { method: "DELETE", path: "/recipes/{recipe_id}/image", handler: "images/recipe-remove", access: "user" },
  {
    method: "PUT",
    path: "/categories/{category_id}/image",
    handler: "images/category-upload",
    access: "admin",
  },
  {
    method: "DELETE",
    path: "/categories/{category_id}/image",
    handler: "images/category-remove",
    access: "admin",
  },
  {
    method: "PUT",
    path: "/ingredients/{ingredient_id}/image",
    handler: "images/ingredient-upload",
    access: "user",
  },
  {
    method: "DELETE",
    path: "/ingredients/{ingredient_id}/image",
    handler: "images/ingredient-remove",
    access: "user",
  },
  { method: "PUT", path: "/users/{user_id}/image", handler: "images/user-upload", access: "user" },
  { method: "DELETE", path: "/users/{user_id}/image", handler: "images/user-remove", access: "user" },
];

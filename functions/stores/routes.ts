import type { Route } from "../lib/route-types.ts";

export const storeRoutes: readonly Route[] = [
  { method: "GET", path: "/stores", handler: "stores/list", access: "public" },
  { method: "POST", path: "/stores", handler: "stores/create", access: "user" },
  { method: "GET", path: "/stores/{store_id}", handler: "stores/get", access: "public" },
  { method: "PUT", path: "/stores/{store_id}", handler: "stores/update", access: "user" },
  { method: "DELETE", path: "/stores/{store_id}", handler: "stores/remove", access: "user" },
  { method: "GET", path: "/stores/{store_id}/shelves", handler: "shelves/list", access: "public" },
  { method: "POST", path: "/stores/{store_id}/shelves", handler: "shelves/create", access: "user" },
  { method: "PUT", path: "/stores/{store_id}/shelves/{shelf_id}", handler: "shelves/update", access: "user" },
  {
    method: "DELETE",
    path: "/stores/{store_id}/shelves/{shelf_id}",
    handler: "shelves/remove",
    access: "user",
  },
];

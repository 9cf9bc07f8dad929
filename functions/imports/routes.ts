import type { Route } from "../lib/route-types.ts";

export const importRoutes: readonly Route[] = [
  { method: "POST", path: "/imports/uploads", handler: "imports/create-upload", access: "user" },
  { method: "POST", path: "/imports", handler: "imports/create", access: "user" },
];

import type { Route } from "../lib/route-types.ts";

export const exportRoutes: readonly Route[] = [
  { method: "POST", path: "/exports", handler: "exports/create", access: "user" },
];

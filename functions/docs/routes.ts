import type { Route } from "../lib/route-types.ts";

export const docsRoutes: readonly Route[] = [
  { method: "GET", path: "/openapi.json", handler: "docs/openapi", access: "public" },
  { method: "GET", path: "/docs", handler: "docs/page", access: "public" },
];

import type { Route } from "../lib/route-types.ts";

export const authRoutes: readonly Route[] = [
  { method: "POST", path: "/auth/token", handler: "auth/token", access: "public" },
];

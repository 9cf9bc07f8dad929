import type { Route } from "../lib/route-types.ts";

export const mealPlanRoutes: readonly Route[] = [
  { method: "GET", path: "/meal-plan", handler: "meal-plan/list", access: "user" },
  { method: "POST", path: "/meal-plan", handler: "meal-plan/create", access: "user" },
  { method: "PUT", path: "/meal-plan/{entry_id}", handler: "meal-plan/update", access: "user" },
  { method: "DELETE", path: "/meal-plan/{entry_id}", handler: "meal-plan/remove", access: "user" },
];

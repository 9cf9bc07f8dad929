/**
 * The one route table. The AWS stack, the local server, the tests and the API reference all
 * read it; adding a route is one line in a resource's table plus its handler file.
 */
import { authRoutes } from "./auth/routes.ts";
import { categoryRoutes } from "./categories/routes.ts";
import { docsRoutes } from "./docs/routes.ts";
import { exportRoutes } from "./exports/routes.ts";
import { imageRoutes } from "./images/routes.ts";
import { importRoutes } from "./imports/routes.ts";
import { ingredientRoutes } from "./ingredients/routes.ts";
import { type Route, routeKey } from "./lib/route-types.ts";
import { mealPlanRoutes } from "./meal-plan/routes.ts";
import { recipeRoutes } from "./recipes/routes.ts";
import { shoppingListRoutes } from "./shopping-lists/routes.ts";
import { storeRoutes } from "./stores/routes.ts";
import { userRoutes } from "./users/routes.ts";

export type { Access, Method, Route } from "./lib/route-types.ts";
export { API_PREFIX, routeKey } from "./lib/route-types.ts";

export const routes: readonly Route[] = [
  { method: "GET", path: "/health", handler: "health/get", access: "public" },
  ...authRoutes,
  ...userRoutes,
  ...categoryRoutes,
  ...ingredientRoutes,
  ...storeRoutes,
  ...recipeRoutes,
  ...imageRoutes,
  ...shoppingListRoutes,
  ...mealPlanRoutes,
  ...exportRoutes,
  ...importRoutes,
  ...docsRoutes,
];

const byKey = new Map(routes.map((r) => [routeKey(r), r]));

/** The route an API Gateway route key names (with or without a trailing slash). */
export function findRouteByKey(key: string): Route | undefined {
  return byKey.get(key.length > 1 ? key.replace(/\/$/, "") : key);
}

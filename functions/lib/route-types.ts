/** The shape of one line of the route table. Plain data: the table is read by the stack too. */
export type Access = "public" | "user" | "admin";
export type Method = "GET" | "POST" | "PUT" | "DELETE";

export type Route = {
  method: Method;
  /** Below /api/v1, no trailing slash, parameters as `{name}` (API Gateway syntax). */
  path: string;
  /** Handler file below functions/, without extension; it exports `handler`. */
  handler: string;
  access: Access;
};

export const API_PREFIX = "/api/v1";

/** The API Gateway route key, e.g. `GET /api/v1/recipes/{recipe_id}`. */
export const routeKey = (route: Pick<Route, "method" | "path">): string =>
  `${route.method} ${API_PREFIX}${route.path}`;

/** API Gateway's `$default` route: a request no route takes gets the same 404/405 as on the local server. */
import type { APIGatewayProxyEventV2 } from "aws-lambda";
import { matchRoute } from "./lib/match.ts";
import type { HttpResponse } from "./lib/problem.ts";
import { unmatched } from "./lib/unmatched.ts";

export const handler = async (event: APIGatewayProxyEventV2): Promise<HttpResponse> => {
  const method = event.requestContext.http.method;
  const match = matchRoute(method, event.rawPath);
  return unmatched(method, event.rawPath, match.kind === "wrong-method" ? match.allow : []);
};

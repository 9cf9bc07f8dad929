/**
 * API Gateway's `$default` route: whatever no route takes. HTTP APIs cannot register a path that
 * ends in "/", so `/recipes/` arrives here: it is sent on to the route's own path with a 308, which
 * keeps the method and the body. Anything else gets the same 404/405 as on the local server.
 */
import type { APIGatewayProxyEventV2 } from "aws-lambda";
import { corsHeaders, originOf } from "./lib/cors.ts";
import type { HttpResponse } from "./lib/http-response.ts";
import { matchRoute } from "./lib/match.ts";
import { unmatched } from "./lib/unmatched.ts";

export const handler = async (event: APIGatewayProxyEventV2): Promise<HttpResponse> => {
  const method = event.requestContext.http.method;
  const path = event.rawPath;
  const match = matchRoute(method, path);
  if (match.kind === "found" && path.endsWith("/")) {
    const query = event.rawQueryString ? `?${event.rawQueryString}` : "";
    return {
      statusCode: 308,
      headers: { ...corsHeaders(originOf(event.headers)), location: `${path.slice(0, -1)}${query}` },
      body: "",
    };
  }
  return unmatched(
    method,
    path,
    match.kind === "wrong-method" ? match.allow : [],
    event.requestContext.requestId,
    originOf(event.headers),
  );
};

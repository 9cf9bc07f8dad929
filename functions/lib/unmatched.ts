import { MethodNotAllowed, NotFound } from "../../core/errors.ts";
import { logger } from "../../core/log.ts";
import { corsHeaders, corsPreflight } from "./cors.ts";
import type { HttpResponse } from "./http-response.ts";
import { problemResponse } from "./problem.ts";

/**
 * The answer for a request no route takes: the same on the local server and behind API Gateway,
 * logged like every other request (route `$default`).
 */
export function unmatched(
  method: string,
  path: string,
  allow: string[],
  requestId: string,
  origin: string | undefined,
): HttpResponse {
  const response =
    method === "OPTIONS" && allow.length
      ? corsPreflight(allow, origin)
      : problemResponse(
          allow.length ? MethodNotAllowed(method, allow) : NotFound(`Route '${path}' was not found.`),
        );
  response.headers = { ...response.headers, ...corsHeaders(origin) };
  logger.request({
    level: "info",
    request_id: requestId,
    method,
    route: "$default",
    status: response.statusCode,
    duration_ms: 0,
  });
  return response;
}

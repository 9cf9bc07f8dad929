/**
 * Turns a live route's work into the Lambda handler API Gateway's WebSocket API calls (and the local
 * server, with the same events: scripts/lib/live-server.ts): one log line per event, as the HTTP
 * pipeline writes, and every error answered in the contract's words, never thrown at API Gateway.
 */
import type { APIGatewayProxyWebsocketEventV2, Context } from "aws-lambda";
import type { LiveError } from "../../core/live/messages.ts";
import { errorOfLog, logger } from "../../core/log.ts";
import { problemOf } from "../lib/problem.ts";
import { LIVE_ROUTES, type LiveRouteName } from "../routes.ts";

/** The events of the live API; `$connect` carries the upgrade request's headers too. */
export type LiveEvent = APIGatewayProxyWebsocketEventV2 & { headers?: Record<string, string | undefined> };

/** What a live handler answers API Gateway: a status, and a message for the client (`subscribe`). */
export type LiveResult = { statusCode: number; body?: string };

export type LiveHandler = ((event: LiveEvent, context?: Context) => Promise<LiveResult>) & {
  route: { handler: LiveRouteName; routeKeys: readonly string[] };
};

/**
 * The handler of `name` in LIVE_ROUTES. `handle` answers the event; an error it throws becomes a
 * failed status (a refused `$connect`), and, with `replies`, a message to the client in the words an
 * HTTP route would use: `{"type": "error", "status": 401, "detail": "Token is invalid or has expired."}`.
 */
export function liveEndpoint(
  name: LiveRouteName,
  options: { replies: boolean },
  handle: (event: LiveEvent) => Promise<string | undefined>,
): LiveHandler {
  const handler = async (event: LiveEvent, context?: Context): Promise<LiveResult> => {
    const started = performance.now();
    let result: LiveResult;
    let status = 200;
    let failure: Error | undefined;
    try {
      const body = await handle(event);
      result = body === undefined ? { statusCode: 200 } : { statusCode: 200, body };
    } catch (error) {
      const problem = problemOf(error);
      status = problem.status;
      if (status >= 500) failure = error as Error;
      const errors = problem.appError?.details.errors;
      const reply: LiveError = {
        type: "error",
        status,
        detail: problem.detail,
        ...(errors ? { errors } : {}),
      };
      // A refused subscribe is an answer like any other (API Gateway sends a 200's body to the client).
      result = options.replies ? { statusCode: 200, body: JSON.stringify(reply) } : { statusCode: status };
    }
    logger.request({
      level: status >= 500 ? "error" : "info",
      request_id: context?.awsRequestId ?? event.requestContext.requestId,
      method: "WS",
      route: event.requestContext.routeKey,
      status,
      duration_ms: Math.round((performance.now() - started) * 10) / 10,
      ...errorOfLog(failure),
    });
    return result;
  };
  return Object.assign(handler, { route: { handler: name, routeKeys: LIVE_ROUTES[name] } });
}

/**
 * Turns a live route's work into the Lambda handler API Gateway's WebSocket API calls (and the local
 * server, with the same events: scripts/lib/live-server.ts), through the same Middy pipeline style as
 * the HTTP routes (functions/lib/endpoint.ts): one log line per event → errors answered in the
 * contract's words, never thrown at API Gateway → the route's own middlewares (the subscribe
 * message's reading) → the handler.
 *
 * Middy's own WebSocket middlewares (`@middy/ws-json-body-parser`, `@middy/ws-response`) are not
 * used: neither is on the registry this project installs from (none of their versions, 7.9.2, the
 * rest of Middy's here, included). The subscribe message is read by a middleware of the route's own
 * (functions/live/subscribe.ts), which answers bad JSON with the contract's 400, where the parser
 * throws a 422 of its own.
 */
import middy, { type MiddlewareObj } from "@middy/core";
import type { APIGatewayProxyWebsocketEventV2, Context } from "aws-lambda";
import type { LiveError } from "../../core/live/messages.ts";
import { problemOf } from "../lib/problem.ts";
import { requestLog } from "../lib/request-log.ts";
import { LIVE_ROUTES, type LiveRouteName } from "../routes.ts";

/** The events of the live API; `$connect` carries the upgrade request's headers too. */
export type LiveEvent = APIGatewayProxyWebsocketEventV2 & { headers?: Record<string, string | undefined> };

/** What a live handler answers API Gateway: a status, and a message for the client (`subscribe`). */
export type LiveResult = { statusCode: number; body?: string };

export type LiveHandler = ((event: LiveEvent, context?: Context) => Promise<LiveResult>) & {
  route: { handler: LiveRouteName; routeKeys: readonly string[] };
};

/** A middleware of the live pipeline, for events of type `E` (an event a middleware added to). */
export type LiveMiddleware<E extends LiveEvent = LiveEvent> = MiddlewareObj<E, LiveResult, Error, Context>;

/**
 * Every error becomes an answer: a failed status (a refused `$connect`), and, with `replies`, a
 * message to the client in the words an HTTP route would use:
 * `{"type": "error", "status": 401, "detail": "Token is invalid or has expired."}`. A refused
 * subscribe is an answer like any other (API Gateway sends a 200's body to the client).
 */
function liveErrors(replies: boolean): LiveMiddleware {
  return {
    onError: (request) => {
      const problem = problemOf(request.error);
      if (!replies) {
        request.response = { statusCode: problem.status };
        return;
      }
      const errors = problem.appError?.details.errors;
      const reply: LiveError = {
        type: "error",
        status: problem.status,
        detail: problem.detail,
        ...(errors ? { errors } : {}),
      };
      request.response = { statusCode: 200, body: JSON.stringify(reply) };
    },
  };
}

/**
 * The handler of `name` in LIVE_ROUTES: `handle` answers the event (a body is the message sent back
 * to the client), after the route's own middlewares in `use` (they may add to the event: `E`).
 */
export function liveEndpoint<E extends LiveEvent = LiveEvent>(
  name: LiveRouteName,
  options: { replies: boolean; use?: readonly LiveMiddleware<E>[] },
  handle: (event: E) => Promise<string | undefined>,
): LiveHandler {
  const handler = middy<E, LiveResult, Error, Context>()
    // A refusal is logged with its problem's status (a refused subscribe is answered with 200).
    .use(
      requestLog<LiveEvent, LiveResult>(({ event, response, error }) => ({
        method: "WS",
        route: event.requestContext.routeKey,
        status: error === undefined ? (response?.statusCode ?? 200) : problemOf(error).status,
      })),
    )
    .use(liveErrors(options.replies))
    .use([...(options.use ?? [])])
    .handler(async (event: E): Promise<LiveResult> => {
      const body = await handle(event);
      return body === undefined ? { statusCode: 200 } : { statusCode: 200, body };
    });
  return Object.assign(handler as unknown as (event: LiveEvent, context?: Context) => Promise<LiveResult>, {
    route: { handler: name, routeKeys: LIVE_ROUTES[name] },
  });
}

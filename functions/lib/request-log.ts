/**
 * The one JSON log line per request, for both Middy pipelines: HTTP (functions/lib/endpoint.ts) and
 * the live API's WebSocket events (functions/live/endpoint.ts). Each says how its events read.
 */
import type middy from "@middy/core";
import type { MiddlewareObj } from "@middy/core";
import type { Context } from "aws-lambda";
import { errorOfLog, logger } from "../../core/log.ts";

/** What a pipeline's request reads as in the log: its method, its route, the status it answered. */
export type LoggedAs = { method: string; route: string; status: number };

/** Writes the line when the request is answered, or fails (with the error's name, message and stack from 500 up). */
export function requestLog<E extends { requestContext?: { requestId?: string } }, R>(
  describe: (request: middy.Request<E, R, Error, Context>) => LoggedAs,
): MiddlewareObj<E, R, Error, Context> {
  const started = new WeakMap<object, number>();
  const write = (request: middy.Request<E, R, Error, Context>) => {
    const { method, route, status } = describe(request);
    logger.request({
      level: status >= 500 ? "error" : "info",
      request_id: request.context.awsRequestId ?? request.event.requestContext?.requestId ?? "",
      method,
      route,
      status,
      duration_ms: Math.round((performance.now() - (started.get(request) ?? performance.now())) * 10) / 10,
      ...errorOfLog(status >= 500 ? request.error : undefined),
    });
  };
  return {
    before: (request) => void started.set(request, performance.now()),
    after: write,
    onError: write,
  };
}

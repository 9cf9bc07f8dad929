/**
 * The live API (CONTRACT.md: Live updates): an API Gateway WebSocket API whose routes
 * ($connect, $disconnect, subscribe, and $default for any other message) are the functions of
 * LIVE_ROUTES, the same handlers the local server runs. The route functions that change a list
 * (`live` on their line) post to its connections through the Management API: their role may
 * `execute-api:ManageConnections` on this API's stage alone, and they learn its address from
 * LIVE_CONNECTIONS_URL.
 */
import type { Stack } from "aws-cdk-lib";
import { Effect, PolicyStatement, type Role } from "aws-cdk-lib/aws-iam";
import { type Function as SstFunction, WebSocketApi } from "sst/constructs";
import { LIVE_ROUTES, type LiveRouteName, type Route } from "../functions/routes.ts";

/** The live API's stage-wide message rate (steady, and at once). */
export const LIVE_MESSAGES_PER_SECOND = 100;
export const LIVE_MESSAGE_BURST = 200;

export function liveApi(
  stack: Stack,
  settings: { liveFunctions: Map<LiveRouteName, SstFunction>; liveRoles: readonly Role[] },
): WebSocketApi {
  const routes: Record<string, { function: SstFunction; returnResponse: boolean }> = {};
  for (const [name, fn] of settings.liveFunctions) {
    // A subscribe's answer goes back as the route's response: no Management API call for it.
    for (const key of LIVE_ROUTES[name])
      routes[key] = { function: fn, returnResponse: name === "live/subscribe" };
  }
  const api = new WebSocketApi(stack, "Live", {
    routes,
    accessLog: { retention: "one_month" },
    // Messages of every connection together, per second: a client flooding its socket is refused
    // by API Gateway (429) before a function runs. The local server limits each socket besides
    // (scripts/lib/live-server.ts); the subscribe route limits connections per user everywhere.
    cdk: {
      webSocketStage: { throttle: { rateLimit: LIVE_MESSAGES_PER_SECOND, burstLimit: LIVE_MESSAGE_BURST } },
    },
  });
  const { webSocketApi, webSocketStage } = api.cdk;

  // PostToConnection and DeleteConnection on this API's stage, nothing else.
  const manageConnections = new PolicyStatement({
    effect: Effect.ALLOW,
    actions: ["execute-api:ManageConnections"],
    resources: ["POST", "DELETE"].map((method) =>
      stack.formatArn({
        service: "execute-api",
        resource: webSocketApi.apiId,
        resourceName: `${webSocketStage.stageName}/${method}/@connections/*`,
      }),
    ),
  });
  for (const role of settings.liveRoles) role.addToPolicy(manageConnections);
  return api;
}

/** Gives a route's function the live API's connection address if its line tells subscribers (`live`). */
export function reachLiveApi(route: Route, fn: SstFunction, api: WebSocketApi): void {
  if (route.needs.live) fn.addEnvironment("LIVE_CONNECTIONS_URL", api.cdk.webSocketStage.callbackUrl);
}

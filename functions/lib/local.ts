/**
 * Runs a plain HTTP request through the route table and the real Lambda handlers, by turning it
 * into an API Gateway v2 event and the handler's result back. The local server and the handler
 * tests both go through here, so they exercise the path the Lambdas run in AWS.
 */
import { randomUUID } from "node:crypto";
import type { APIGatewayProxyEventV2, Context } from "aws-lambda";
import { routeKey } from "../routes.ts";
import { originOf } from "./cors.ts";
import type { HttpResponse } from "./http-response.ts";
import { matchRoute } from "./match.ts";
import { unmatched } from "./unmatched.ts";

export type LocalRequest = {
  method: string;
  /** Path and query string, e.g. `/api/v1/recipes/?limit=5`. */
  url: string;
  headers?: Record<string, string | string[] | undefined>;
  body?: Buffer | string;
  /** The client's address (the socket's on the local server), passed on as API Gateway does. */
  sourceIp?: string;
};

/**
 * The address of requests dispatched in-process without a socket (the handler tests): one per
 * process from 198.18.0.0/15, the range set aside for benchmarks, so test files running at once
 * against one database do not share throttle counters.
 */
const IN_PROCESS_ADDRESS = `198.18.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`;

export type LocalResponse = { status: number; headers: Record<string, string>; body: Buffer };

type LambdaHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<HttpResponse>;

const handlers = new Map<string, Promise<LambdaHandler>>();

function loadHandler(file: string): Promise<LambdaHandler> {
  let loaded = handlers.get(file);
  if (!loaded) {
    const url = new URL(`../${file}.ts`, import.meta.url).href;
    loaded = import(/* @vite-ignore */ url).then((m: { handler: LambdaHandler }) => m.handler);
    handlers.set(file, loaded);
  }
  return loaded;
}

/** Media types API Gateway passes as text; everything else arrives base64-encoded, as here. */
const isTextual = (contentType: string | undefined) =>
  !contentType || /^(text\/|application\/(json|.*\+json|x-www-form-urlencoded|xml))/i.test(contentType);

/** A request's URL as its path and its query string (without the `?`). */
function splitUrl(url: string): [path: string, query: string] {
  const queryAt = url.indexOf("?");
  return queryAt < 0 ? [url, ""] : [url.slice(0, queryAt), url.slice(queryAt + 1)];
}

/** Builds the API Gateway v2 (payload format 2.0) event for a request. */
export function toEvent(
  request: LocalRequest,
  routeKeyValue: string,
  pathParameters: Record<string, string>,
): APIGatewayProxyEventV2 {
  const [rawPath, rawQueryString] = splitUrl(request.url);
  const headers: Record<string, string> = {};
  for (const key in request.headers) {
    const value = request.headers[key];
    if (value !== undefined) headers[key.toLowerCase()] = Array.isArray(value) ? value.join(",") : value;
  }
  const bytes = typeof request.body === "string" ? Buffer.from(request.body) : request.body;
  const base64 = bytes !== undefined && bytes.length > 0 && !isTextual(headers["content-type"]);
  const queryStringParameters: Record<string, string> = {};
  if (rawQueryString) {
    const query = new URLSearchParams(rawQueryString);
    for (const key of new Set(query.keys())) queryStringParameters[key] = query.getAll(key).join(",");
  }
  const now = new Date();
  const requestId = randomUUID();
  return {
    version: "2.0",
    routeKey: routeKeyValue,
    rawPath,
    rawQueryString,
    headers,
    ...(Object.keys(queryStringParameters).length ? { queryStringParameters } : {}),
    ...(Object.keys(pathParameters).length ? { pathParameters } : {}),
    requestContext: {
      accountId: "local",
      apiId: "local",
      domainName: headers.host ?? "localhost",
      domainPrefix: "localhost",
      http: {
        method: request.method,
        path: rawPath,
        protocol: "HTTP/1.1",
        sourceIp: request.sourceIp ?? IN_PROCESS_ADDRESS,
        userAgent: headers["user-agent"] ?? "",
      },
      requestId,
      routeKey: routeKeyValue,
      stage: "$default",
      time: now.toISOString(),
      timeEpoch: now.getTime(),
    },
    ...(bytes?.length ? { body: bytes.toString(base64 ? "base64" : "utf8") } : {}),
    isBase64Encoded: base64,
  };
}

const context = (requestId: string): Context =>
  ({
    awsRequestId: requestId,
    functionName: "local",
    functionVersion: "$LATEST",
    memoryLimitInMB: "1024",
    getRemainingTimeInMillis: () => 30_000,
    callbackWaitsForEmptyEventLoop: false,
  }) as Context;

const fromResult = (result: HttpResponse): LocalResponse => ({
  status: result.statusCode,
  headers: result.headers ?? {},
  body: Buffer.from(result.body ?? "", result.isBase64Encoded ? "base64" : "utf8"),
});

/** Answers one request: the route's handler, a CORS preflight, or a problem+json 404/405. */
export async function dispatch(request: LocalRequest): Promise<LocalResponse> {
  const [path] = splitUrl(request.url);
  const match = matchRoute(request.method, path);
  if (match.kind === "found") {
    const key = routeKey(match.route);
    const event = toEvent(request, key, match.pathParameters);
    const handler = await loadHandler(match.route.handler);
    return fromResult(await handler(event, context(event.requestContext.requestId)));
  }
  const allow = match.kind === "wrong-method" ? match.allow : [];
  const headers = Object.fromEntries(
    Object.entries(request.headers ?? {}).map(([k, v]) => [k, Array.isArray(v) ? v.join(",") : v]),
  );
  return fromResult(unmatched(request.method, path, allow, randomUUID(), originOf(headers)));
}

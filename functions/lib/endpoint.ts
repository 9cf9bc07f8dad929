/**
 * Turns an endpoint definition into a Lambda handler wrapped in the Middy pipeline:
 * request log → common headers (nosniff, no-store, CORS) → problem+json errors → authentication → role guard → body → validation.
 * The route's access comes from the route table, looked up by the event's route key.
 */
import middy, { type MiddlewareObj } from "@middy/core";
import httpJsonBodyParser from "@middy/http-json-body-parser";
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from "aws-lambda";
import { z } from "zod";
import { authenticate, type Caller } from "../../core/auth/caller.ts";
import { getDb } from "../../core/db.ts";
import {
  AppError,
  BadRequest,
  Forbidden,
  Invalid,
  NotFound,
  PayloadTooLarge,
  Unauthenticated,
  UnsupportedMediaType,
} from "../../core/errors.ts";
import { findRouteByKey } from "../routes.ts";
import { corsHeaders, NO_STORE } from "./cors.ts";
import { logger } from "./log.ts";
import { type HttpResponse, problemResponse } from "./problem.ts";
import { fieldErrors, findNul, nulError, parseIdParam, parseQueryString } from "./validation.ts";

export const JSON_BODY_LIMIT = 1_048_576;

/** How a route reads its body: JSON, the auth form (urlencoded or JSON), raw bytes, or none. */
export type BodyKind = "none" | "json" | "form-or-json" | "raw";

export type Reply = { status: number; body?: unknown; headers?: Record<string, string>; raw?: string };

export const ok = (body: unknown): Reply => ({ status: 200, body });
export const created = (body: unknown, location: string): Reply => ({
  status: 201,
  body,
  headers: { location },
});
export const noContent = (): Reply => ({ status: 204 });

export type EndpointRequest<P extends string, Q, B> = {
  /** Path parameters, every one an id already checked to be a positive integer. */
  params: Record<P, number>;
  query: Q;
  body: B;
  /** Raw bytes of the body, for `bodyKind: "raw"`. */
  rawBody: Buffer;
  contentType: string | undefined;
  caller: Caller | null;
  requestId: string;
  /** The client's address as API Gateway (or the local server) saw it: what throttles count by. */
  clientAddress: string;
};

export type EndpointDefinition<P extends string, Q, B> = {
  summary: string;
  /** Longer description for the API reference. */
  description?: string;
  params?: readonly P[];
  query?: z.ZodType<Q>;
  body?: z.ZodType<B>;
  bodyKind?: BodyKind;
  maxBodyBytes?: number;
  /** The success status and the schema of its body (none for 204), for the API reference. */
  response: { status: number; schema?: z.ZodType; description: string };
  /** Error statuses this route can answer beyond the pipeline's own, for the API reference. */
  errors?: readonly number[];
  handle: (request: EndpointRequest<P, Q, B>) => Promise<Reply>;
};

type Event = APIGatewayProxyEventV2 & { caller?: Caller | null; rawBody?: Buffer };
type Request = middy.Request<Event, HttpResponse, Error, Context>;

const header = (event: Event, name: string): string | undefined => {
  const headers = event.headers ?? {};
  return headers[name] ?? Object.entries(headers).find(([k]) => k.toLowerCase() === name)?.[1];
};

function requestLog(): MiddlewareObj<Event, HttpResponse> {
  const started = new WeakMap<object, number>();
  const write = (request: Request) => {
    const status = request.response?.statusCode ?? 500;
    const error = request.error;
    logger.request({
      level: status >= 500 ? "error" : "info",
      request_id: request.context.awsRequestId ?? request.event.requestContext?.requestId ?? "",
      method: request.event.requestContext?.http?.method ?? "",
      route: request.event.routeKey ?? "",
      status,
      duration_ms: Math.round((performance.now() - (started.get(request) ?? performance.now())) * 10) / 10,
      ...(status >= 500 && error
        ? { error: { name: error.name, message: error.message, stack: error.stack } }
        : {}),
    });
  };
  return {
    before: (request) => void started.set(request, performance.now()),
    after: write,
    onError: write,
  };
}

/** nosniff and CORS on every answer; `no-store` unless the handler chose its own caching. */
function commonHeaders(): MiddlewareObj<Event, HttpResponse> {
  const add = (request: Request) => {
    if (!request.response) return;
    request.response.headers = {
      ...NO_STORE,
      ...request.response.headers,
      ...corsHeaders(header(request.event, "origin")),
    };
  };
  return { after: add, onError: add };
}

function problemErrors(): MiddlewareObj<Event, HttpResponse> {
  return {
    onError: (request) => {
      request.response = problemResponse(request.error).response;
    },
  };
}

/** Reads the bearer token if there is one (a bad one is a 401 on any route), then applies the route's access. */
function authenticateAndAuthorize(): MiddlewareObj<Event, HttpResponse> {
  return {
    before: async (request) => {
      const route = findRouteByKey(request.event.routeKey ?? "");
      if (!route) throw NotFound(`Route '${request.event.routeKey}' was not found.`);
      const authorization = header(request.event, "authorization");
      let caller: Caller | null = null;
      if (authorization !== undefined) {
        const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
        if (!match?.[1]) throw Unauthenticated("Authorization header must be 'Bearer <token>'.");
        caller = await authenticate(getDb(), match[1]);
      }
      if (route.access !== "public" && !caller) throw Unauthenticated();
      if (route.access === "admin" && caller?.role !== "admin")
        throw Forbidden("This action requires the admin role.");
      request.event.caller = caller;
    },
  };
}

/** Enforces the size limit and the content type, and decodes the body for the route's kind. */
function readBody(kind: BodyKind, maxBytes: number): MiddlewareObj<Event, HttpResponse>[] {
  const raw: MiddlewareObj<Event, HttpResponse> = {
    before: (request) => {
      const { event } = request;
      const bytes = event.body
        ? Buffer.from(event.body, event.isBase64Encoded ? "base64" : "utf8")
        : Buffer.alloc(0);
      if (bytes.length > maxBytes) throw PayloadTooLarge(maxBytes);
      event.rawBody = bytes;
      if (kind === "none" || kind === "raw" || bytes.length === 0) return;
      const type = header(event, "content-type");
      const mediaType = type?.split(";")[0]?.trim().toLowerCase();
      if (kind === "form-or-json" && mediaType === "application/x-www-form-urlencoded") {
        event.body = Object.fromEntries(new URLSearchParams(bytes.toString("utf8"))) as unknown as string;
        event.isBase64Encoded = false;
        return;
      }
      if (!type) throw UnsupportedMediaType("(none)");
      if (!/^application\/([a-z0-9.+-]+\+)?json$/i.test(mediaType ?? "")) throw UnsupportedMediaType(type);
    },
  };
  if (kind !== "json" && kind !== "form-or-json") return [raw];
  const parser = httpJsonBodyParser({ disableContentTypeError: true });
  const json: MiddlewareObj<Event, HttpResponse> = {
    before: async (request) => {
      const { event } = request;
      if (!event.rawBody?.length || typeof event.body !== "string") return;
      try {
        await parser.before?.(request as never);
      } catch (error) {
        // Well-formed JSON with a key that could pollute prototypes is an unknown field, not bad JSON.
        const key = (error as { cause?: { data?: unknown } }).cause?.data;
        if (key === "__proto__" || key === "constructor") {
          throw Invalid("Request body is invalid.", [{ path: key, message: "Unknown field." }]);
        }
        throw BadRequest("Request body is not valid JSON.");
      }
    },
  };
  return [raw, json];
}

/** Builds the Lambda handler for one route. */
export function endpoint<P extends string = never, Q = undefined, B = undefined>(
  definition: EndpointDefinition<P, Q, B>,
) {
  const bodyKind: BodyKind = definition.bodyKind ?? (definition.body ? "json" : "none");
  const maxBytes = definition.maxBodyBytes ?? JSON_BODY_LIMIT;

  const run = async (event: Event): Promise<HttpResponse> => {
    const params = {} as Record<P, number>;
    for (const name of definition.params ?? []) {
      params[name] = parseIdParam(name, event.pathParameters?.[name]);
    }
    const query = parseQuery<unknown>(definition.query ?? NO_QUERY, event.rawQueryString) as Q;
    let body = undefined as B;
    if (definition.body) {
      const hasBody = (event.rawBody?.length ?? 0) > 0;
      if (!hasBody) throw Invalid("Request body is required.");
      const nulAt = findNul(event.body);
      if (nulAt !== undefined) throw Invalid("Request body is invalid.", [nulError(nulAt)]);
      const parsed = definition.body.safeParse(event.body);
      if (!parsed.success) throw Invalid("Request body is invalid.", fieldErrors(parsed.error));
      body = parsed.data;
    }
    const reply = await definition.handle({
      params,
      query,
      body,
      rawBody: event.rawBody ?? Buffer.alloc(0),
      contentType: header(event, "content-type"),
      caller: event.caller ?? null,
      requestId: event.requestContext?.requestId ?? "",
      clientAddress: event.requestContext?.http?.sourceIp ?? "unknown",
    });
    return toHttpResponse(reply);
  };

  const handler = middy<Event, HttpResponse, Error, Context>()
    .use(requestLog())
    .use(commonHeaders())
    .use(problemErrors())
    .use(authenticateAndAuthorize())
    .use(readBody(bodyKind, maxBytes))
    .handler(run);

  return Object.assign(handler, { definition });
}

/** Routes without query parameters refuse unknown ones like every other strict schema. */
const NO_QUERY = z.strictObject({});

function parseQuery<Q>(schema: z.ZodType<Q>, rawQueryString: string | undefined): Q {
  const raw = parseQueryString(rawQueryString);
  const nulAt = findNul(raw);
  if (nulAt !== undefined) {
    throw new AppError("bad_request", `Query parameter '${nulAt}' is invalid: ${nulError(nulAt).message}`, {
      errors: [nulError(nulAt)],
    });
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    const first = errors[0];
    const detail = first
      ? `Query parameter '${first.path}' is invalid: ${first.message}`
      : "Query string is invalid.";
    throw new AppError("bad_request", detail, { errors });
  }
  return parsed.data;
}

function toHttpResponse(reply: Reply): HttpResponse {
  const headers: Record<string, string> = { ...reply.headers };
  if (reply.status === 204) return { statusCode: 204, headers, body: "" };
  if (reply.raw !== undefined) return { statusCode: reply.status, headers, body: reply.raw };
  headers["content-type"] ??= "application/json";
  return { statusCode: reply.status, headers, body: JSON.stringify(reply.body) };
}

export type Endpoint = ReturnType<typeof endpoint>;
export type { APIGatewayProxyStructuredResultV2 };

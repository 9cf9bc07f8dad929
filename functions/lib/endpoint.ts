/**
 * The Middy pipeline that turns an endpoint definition (its types: functions/lib/endpoint-types.ts)
 * into a Lambda handler:
 * request log → common headers (nosniff, no-store, CORS) → problem+json errors → authentication → role guard → body → validation.
 * Each handler names its line of the route table (functions/routes.ts): the line's access types
 * the caller the handler sees, its path types the parameters, its storage grant bounds what the
 * handler may do in the bucket.
 */
import middy, { type MiddlewareObj } from "@middy/core";
import httpJsonBodyParser from "@middy/http-json-body-parser";
import type { APIGatewayProxyEventV2, Context } from "aws-lambda";
import * as z from "zod/mini";
import { assertTokenMayUse } from "../../core/api-token/service.ts";
import type { Caller } from "../../core/auth/caller.ts";
import { authenticate } from "../../core/authenticate.ts";
import { getDb } from "../../core/db.ts";
import {
  AppError,
  adminRequired,
  BadRequest,
  Invalid,
  PayloadTooLarge,
  Unauthenticated,
  UnsupportedMediaType,
} from "../../core/errors.ts";
import { type Grants, withGrants } from "../../core/grants.ts";
import { ROUTES, type Route, type RouteName, STORAGE_ACTIONS } from "../routes.ts";
import { corsHeaders, NO_STORE } from "./cors.ts";
import {
  type AnyDefinition,
  type BodyKind,
  bodyKindOf,
  type CallerFor,
  type EndpointDefinition,
  JSON_BODY_LIMIT,
  type Reply,
  type Success,
} from "./endpoint-types.ts";
import type { HttpResponse } from "./http-response.ts";
import { problemResponse } from "./problem.ts";
import { requestLog } from "./request-log.ts";
import { type PathParams, pathParams, type RouteLine } from "./route-types.ts";
import { fieldErrors, findNul, nulError, parseIdParam, parseQueryString } from "./validation.ts";

/** The replies a handler gives, by status: each is checked against its status's schema (Reply, ExactReply). */
export const ok = <T>(body: T) => ({ status: 200 as const, body });
/** 200 in one of the route's alternative media types (content negotiation). */
export const okAs = <const M extends string, T>(mediaType: M, body: T) => ({
  status: 200 as const,
  body,
  mediaType,
});
export const created = <T>(body: T, location: string) => ({
  status: 201 as const,
  body,
  headers: { location },
});
export const noContent = () => ({ status: 204 as const });

type Event = APIGatewayProxyEventV2 & { caller?: Caller | null; rawBody?: Buffer };
type Request = middy.Request<Event, HttpResponse, Error, Context>;

/** A request header by its lower-case name: API Gateway (payload 2.0) and toEvent send names so, others may not. */
const header = (event: Event, name: string): string | undefined => {
  const headers = event.headers ?? {};
  const value = headers[name];
  if (value !== undefined) return value;
  for (const key in headers) if (key.toLowerCase() === name) return headers[key];
  return undefined;
};

/** The client's address as API Gateway (or the local server) saw it. */
const clientAddressOf = (event: Event): string => event.requestContext?.http?.sourceIp ?? "unknown";

/** nosniff and CORS on every answer; `no-store` unless the handler chose its own caching. */
function commonHeaders(): MiddlewareObj<Event, HttpResponse> {
  const add = (request: Request) => {
    const { response } = request;
    if (!response) return;
    const own = response.headers ?? {};
    const headers: Record<string, string> = {
      ...NO_STORE,
      ...own,
      ...corsHeaders(header(request.event, "origin")),
    };
    // A handler's own Vary (Accept) is kept beside CORS's Origin.
    if (own.vary) headers.vary = `${own.vary}, ${headers.vary}`;
    response.headers = headers;
  };
  return { after: add, onError: add };
}

function problemErrors(): MiddlewareObj<Event, HttpResponse> {
  return {
    onError: (request) => {
      request.response = problemResponse(request.error);
    },
  };
}

/**
 * Reads the bearer token if there is one (a bad one is a 401 on any route), then applies the route's
 * access, and what an API token may not do (403: the account routes; anything but GET for `read`).
 */
function authenticateAndAuthorize({ access, method, path }: RouteLine): MiddlewareObj<Event, HttpResponse> {
  return {
    before: async (request) => {
      const authorization = header(request.event, "authorization");
      let caller: Caller | null = null;
      if (authorization !== undefined) {
        const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
        if (!match?.[1]) throw Unauthenticated("Authorization header must be 'Bearer <token>'.");
        const clientAddress = clientAddressOf(request.event);
        caller = await authenticate(getDb(), match[1], { clientAddress, route: { method, path } });
      }
      if (access !== "public" && !caller) throw Unauthenticated();
      if (access === "admin" && caller?.role !== "admin") throw adminRequired();
      assertTokenMayUse(caller, method, access === "account");
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
      if (!isJson(mediaType ?? "")) throw UnsupportedMediaType(type);
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

/** Builds the Lambda handler of the route named `name` in the route table. */
export function endpoint<
  N extends RouteName,
  S extends Success,
  R extends Reply<S>,
  Q = undefined,
  B = undefined,
>(
  name: N,
  definition: EndpointDefinition<
    PathParams<(typeof ROUTES)[N]["path"]>,
    Q,
    B,
    CallerFor<(typeof ROUTES)[N]["access"]>,
    S,
    R
  >,
) {
  type P = PathParams<(typeof ROUTES)[N]["path"]>;
  const line = ROUTES[name];
  const route: Route = { handler: name, ...line };
  const params = pathParams(line.path) as P[];
  const grants: Grants = {
    storage: new Set(line.needs.storage ? STORAGE_ACTIONS[line.needs.storage] : []),
    internet: line.needs.internet === true,
    live: line.needs.live === true,
  };
  const bodyKind = bodyKindOf(definition);
  const maxBytes = definition.maxBodyBytes ?? JSON_BODY_LIMIT;

  const run = async (event: Event): Promise<HttpResponse> => {
    const values = {} as Record<P, number>;
    for (const param of params) values[param] = parseIdParam(param, event.pathParameters?.[param]);
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
    const reply = await withGrants(grants, () =>
      definition.handle({
        params: values,
        query,
        body,
        rawBody: event.rawBody ?? Buffer.alloc(0),
        contentType: header(event, "content-type"),
        accept: header(event, "accept"),
        caller: (event.caller ?? null) as CallerFor<(typeof ROUTES)[N]["access"]>,
        clientAddress: clientAddressOf(event),
        userAgent: header(event, "user-agent"),
        header: (name) => header(event, name.toLowerCase()),
      }),
    );
    return toHttpResponse(reply as AnyReply, definition as AnyDefinition);
  };

  const handler = middy<Event, HttpResponse, Error, Context>()
    .use(
      requestLog<Event, HttpResponse>(({ event, response }) => ({
        method: event.requestContext?.http?.method ?? "",
        route: event.routeKey ?? "",
        status: response?.statusCode ?? 500,
      })),
    )
    .use(commonHeaders())
    .use(problemErrors())
    .use(authenticateAndAuthorize(line))
    .use(readBody(bodyKind, maxBytes))
    .handler(run);

  return Object.assign(handler, { route, definition: definition as AnyDefinition });
}

/** Routes without query parameters refuse unknown ones like every other strict schema. */
const NO_QUERY = z.strictObject({});

function parseQuery<Q>(schema: z.ZodMiniType<Q>, rawQueryString: string | undefined): Q {
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

const isJson = (mediaType: string) => /^application\/([a-z0-9.+-]+\+)?json$/i.test(mediaType);

/**
 * JSON-LD is made to be copied into a `<script>` element: with every `<` written `\u003c` (the same
 * JSON to a parser) no text of a recipe can close that element (`</script>`) or open a comment.
 */
const scriptSafe = (json: string) => json.replaceAll("<", "\\u003c");

/** Any reply, as the pipeline reads it. */
type AnyReply = { status: number; body?: unknown; headers?: Record<string, string>; mediaType?: string };

function toHttpResponse(reply: AnyReply, definition: AnyDefinition): HttpResponse {
  const headers: Record<string, string> = { ...reply.headers };
  if (reply.status === 204 || reply.status === 304) return { statusCode: reply.status, headers, body: "" };
  const declared =
    definition.response.status === reply.status
      ? definition.response
      : definition.also?.find((s) => s.status === reply.status);
  const mediaType = reply.mediaType ?? declared?.mediaType ?? "application/json";
  headers["content-type"] ??= mediaType;
  let body = typeof reply.body === "string" && !isJson(mediaType) ? reply.body : JSON.stringify(reply.body);
  if (/^application\/ld\+json$/i.test(mediaType)) body = scriptSafe(body);
  return { statusCode: reply.status, headers, body };
}

export type Endpoint = ReturnType<typeof endpoint>;

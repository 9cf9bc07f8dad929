/**
 * The OpenAPI 3.1 document of the API, generated from the one route table and each handler's
 * endpoint definition (its zod schemas, statuses and descriptions), so it cannot drift from the code.
 *
 * This module imports every handler, so it runs only where the whole app is at hand: the local
 * server, the tests and `npm run openapi`. The docs Lambda serves the document that script wrote at
 * build time and never imports this file (see functions/docs/openapi.ts).
 */
import { existsSync } from "node:fs";
import { config } from "../../core/config.ts";
import { MAX_INT } from "../../core/ids.ts";
import * as coreSchemas from "../../core/schemas.ts";
import { API_PREFIX, type Route, routes } from "../routes.ts";
import { type AnyDefinition, bodyKindOf, JSON_BODY_LIMIT, type Success } from "./endpoint-types.ts";
import { type Json, SchemaSet } from "./openapi-schemas.ts";
import { STATUS_TITLES, statusOf } from "./problem.ts";
import { pathParams } from "./route-types.ts";
import { thingOfParam } from "./validation.ts";

/** One line of the route table with what its handler declares about itself. */
export type DocumentedRoute = {
  route: Route;
  definition: AnyDefinition;
  /** Zod schemas the handler module exports, by export name: used to name components. */
  exports?: Record<string, unknown>;
};

export const PROBLEM_MEDIA_TYPE = "application/problem+json";
export const TOKEN_PATH = `${API_PREFIX}/auth/token`;

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: "The request cannot be read: malformed JSON or an invalid query parameter.",
  401: "No token, or a bad or expired one (a bad token is refused on every route, public ones too).",
  403: "The caller's role or ownership does not allow this.",
  404: "The addressed row does not exist.",
  409: "A unique value is taken, or the change would break other rows.",
  413: "The body is over its size limit.",
  415: "The content type is not supported.",
  422: "Well-formed but invalid input: see `errors` for each field.",
  429: "Too many attempts: retry after the number of seconds in `Retry-After`.",
  500: "An unexpected error; never carries internals.",
  503: "The database or the object storage cannot be reached, or the service is busy (then with `Retry-After`).",
};

const ACCESS_TEXT: Record<Route["access"], string> = {
  public: "**Access:** public — no token needed (a token, if sent, must be valid).",
  user: "**Access:** user or admin — any signed-in account; rows of others need the admin role.",
  account:
    "**Access:** user or admin, signed in with a session — one's own account; API tokens are refused (403).",
  admin: "**Access:** admin only.",
};

const Problem = {
  type: "object",
  description: "An error (RFC 9457). `detail` is a sentence for people.",
  properties: {
    type: { type: "string", examples: ["about:blank"] },
    title: { type: "string", examples: ["Not Found"] },
    status: { type: "integer", minimum: 400, maximum: 599 },
    detail: { type: "string", examples: ["Recipe ID 5 was not found."] },
    errors: {
      type: "array",
      description: "Validation errors, one per field.",
      items: {
        type: "object",
        properties: {
          path: { type: "string", examples: ["ingredients.0.amount_grams"] },
          message: { type: "string" },
        },
        required: ["path", "message"],
      },
    },
    existing_id: {
      type: "integer",
      description:
        "A 409 for a name that is taken (ignoring case and plural): the ID of the ingredient or category that has it.",
    },
  },
  required: ["type", "title", "status", "detail"],
};

/** The statuses the shared pipeline itself can answer for a route, beyond what its handler declares. */
export function pipelineStatuses(route: Route, definition: AnyDefinition): number[] {
  const kind = bodyKindOf(definition);
  // 400: every route refuses unknown query parameters; bodies may be unreadable.
  const statuses = [400, 401, 500, 503];
  // 403: the admin role, the account routes API tokens may not call, a `read` token on anything but GET.
  if (route.access === "admin" || route.access === "account" || route.method !== "GET") statuses.push(403);
  if (pathParams(route.path).length) statuses.push(404);
  if (kind !== "none") statuses.push(413, 415);
  if (definition.body) statuses.push(422);
  return statuses;
}

const RESPONSE_HEADERS: Record<number, Json> = {
  401: { "WWW-Authenticate": { schema: { type: "string" }, example: 'Bearer realm="api"' } },
  429: { "Retry-After": { description: "Seconds to wait.", schema: { type: "integer" } } },
  503: {
    "Retry-After": { description: "Seconds to wait, when the service is busy.", schema: { type: "integer" } },
  },
};

const problemResponse = (status: number, example: string): Json => ({
  description: ERROR_DESCRIPTIONS[status] ?? STATUS_TITLES[status] ?? "Error",
  ...(RESPONSE_HEADERS[status] ? { headers: RESPONSE_HEADERS[status] } : {}),
  content: {
    [PROBLEM_MEDIA_TYPE]: {
      schema: { $ref: "#/components/schemas/Problem" },
      example: { type: "about:blank", title: STATUS_TITLES[status] ?? "Error", status, detail: example },
    },
  },
});

/** 403 and 404 name the route's resource in their example; every other error is one shared response. */
const ROUTE_SPECIFIC_ERRORS = new Set([403, 404]);
const sharedResponseName = (status: number) => (STATUS_TITLES[status] ?? `Error${status}`).replace(/\W/g, "");

/** The shared error responses the operations refer to. */
function sharedResponses(statuses: Iterable<number>): Record<string, Json> {
  const sorted = [...new Set(statuses)].filter((s) => !ROUTE_SPECIFIC_ERRORS.has(s)).sort((a, b) => a - b);
  return Object.fromEntries(
    sorted.map((status) => [sharedResponseName(status), problemResponse(status, errorExample(status))]),
  );
}

function errorExample(status: number, route?: Route): string {
  const param = route && pathParams(route.path).at(-1);
  switch (status) {
    case 400:
      return "Request body is not valid JSON.";
    case 401:
      return "Not authenticated.";
    case 403:
      if (route?.access === "admin") return "This action requires the admin role.";
      if (route?.access === "account") return "API tokens cannot change the account.";
      return `${param ? thingOfParam(param) : "Recipe"} ID 5 belongs to another user.`;
    case 404:
      return `${param ? thingOfParam(param) : "Recipe"} ID 5 was not found.`;
    case 409:
      return "Name 'Dessert' already exists.";
    case 413:
      return "Request body is larger than 1048576 bytes.";
    case 415:
      return "Content type 'text/plain' is not supported.";
    case 422:
      return "Request body is invalid.";
    case 429:
      return "Too many failed logins. Try again in 60 seconds.";
    case 503:
      return "Database is unavailable.";
    default:
      return "Internal server error.";
  }
}

const megabytes = (bytes: number) => `${Math.round((bytes / 1_048_576) * 10) / 10} MB`;

function requestBody(definition: AnyDefinition, schemas: SchemaSet): Json | undefined {
  const limit = megabytes(definition.maxBodyBytes ?? JSON_BODY_LIMIT);
  const { raw } = definition;
  if (raw) {
    const binary = { type: "string", format: "binary" };
    const content: Json = Object.fromEntries(raw.mediaTypes.map((type) => [type, { schema: binary }]));
    if (raw.formField) {
      content["multipart/form-data"] = {
        schema: { type: "object", properties: { [raw.formField]: binary }, required: [raw.formField] },
      };
    }
    if (raw.json) content["application/json"] = { schema: schemas.convert(raw.json, "input") };
    return { required: true, description: `${raw.description} At most ${limit}.`, content };
  }
  if (!definition.body) return undefined;
  const schema = schemas.convert(definition.body, "input");
  const content: Json = { "application/json": { schema } };
  if (definition.form) content["application/x-www-form-urlencoded"] = { schema: schemas.inline(schema) };
  return { required: true, description: `At most ${limit}.`, content };
}

function parameters(route: Route, definition: AnyDefinition, schemas: SchemaSet): Json[] {
  const list: Json[] = pathParams(route.path).map((name) => ({
    name,
    in: "path",
    required: true,
    description: `${thingOfParam(name)} ID. Anything that is not one names no row: 404.`,
    schema: { type: "integer", minimum: 1, maximum: MAX_INT },
    example: 5,
  }));
  if (!definition.query) return list;
  const query = schemas.inline(schemas.convert(definition.query, "input"));
  const required = new Set((query.required as string[] | undefined) ?? []);
  for (const [name, schema] of Object.entries((query.properties ?? {}) as Record<string, Json>)) {
    const { description, ...rest } = schema;
    list.push({
      name,
      in: "query",
      required: required.has(name),
      ...(typeof description === "string" ? { description } : {}),
      schema: rest,
      ...(rest.type === "array" ? { style: "form", explode: true } : {}),
    });
  }
  return list;
}

/** The content of an answer with a body: JSON by its schema, or text of another media type. */
function bodyContent(success: Success, schemas: SchemaSet): Json {
  if (!success.schema) return {};
  const mediaType = success.mediaType ?? "application/json";
  const schema = success.mediaType ? { type: "string" } : schemas.convert(success.schema, "output");
  const alternatives = Object.entries(success.alternatives ?? {}).map(([type, description]) => [
    type,
    { schema: { type: "object", additionalProperties: true, description } },
  ]);
  return { [mediaType]: { schema }, ...Object.fromEntries(alternatives) };
}

function successResponse(success: Success, schemas: SchemaSet): Json {
  const response: Json = { description: success.description };
  if (success.status === 201) {
    response.headers = {
      Location: { description: "The address of the created row.", schema: { type: "string" } },
    };
  }
  if (success.schema) response.content = bodyContent(success, schemas);
  return response;
}

function operation(entry: DocumentedRoute, schemas: SchemaSet, errorStatuses: Set<number>): Json {
  const { route, definition } = entry;
  const responses: Record<string, Json> = {};
  const answers = [definition.response, ...(definition.also ?? [])];
  for (const success of answers.filter((a) => a.status < 400)) {
    responses[success.status] = successResponse(success, schemas);
  }
  const errors = new Set([
    ...pipelineStatuses(route, definition),
    ...(definition.errors ?? []).map(statusOf),
  ]);
  for (const status of [...errors].sort((a, b) => a - b)) {
    if (responses[status]) continue;
    // An error the handler answers with a body of its own (the health report) documents both bodies.
    const own = answers.find((a) => a.status === status);
    if (own) {
      const problem = problemResponse(status, errorExample(status, route)) as { content: Json };
      responses[status] = { ...problem, content: { ...bodyContent(own, schemas), ...problem.content } };
      continue;
    }
    errorStatuses.add(status);
    responses[status] = ROUTE_SPECIFIC_ERRORS.has(status)
      ? problemResponse(status, errorExample(status, route))
      : { $ref: `#/components/responses/${sharedResponseName(status)}` };
  }
  const bearer = [{ bearerAuth: [] }, { oauth2Password: [] }];
  const body = requestBody(definition, schemas);
  return {
    operationId: route.handler.replace(/[/-](\w)/g, (_, c: string) => c.toUpperCase()),
    tags: [route.handler.split("/")[0] ?? "api"],
    summary: definition.summary,
    description: [definition.description, ACCESS_TEXT[route.access]].filter(Boolean).join("\n\n"),
    // Public routes take an optional token: some answer more to the owner or an admin.
    security: route.access === "public" ? [{}, ...bearer] : bearer,
    parameters: parameters(route, definition, schemas),
    ...(body ? { requestBody: body } : {}),
    responses,
  };
}

/** Builds the OpenAPI 3.1 document for the given routes (the whole table, or one route for the tests). */
export function buildOpenApiDocument(entries: readonly DocumentedRoute[]): Json {
  const schemas = new SchemaSet();
  for (const entry of entries) schemas.nameExports(entry.exports ?? {});
  const paths: Record<string, Record<string, Json>> = {};
  const errorStatuses = new Set<number>();
  for (const entry of entries) {
    const path = `${API_PREFIX}${entry.route.path}`;
    paths[path] ??= {};
    paths[path][entry.route.method.toLowerCase()] = operation(entry, schemas, errorStatuses);
  }
  const tags = [...new Set(entries.map((e) => e.route.handler.split("/")[0] ?? "api"))].map((name) => ({
    name,
  }));
  const finished = schemas.finish(paths);
  return {
    openapi: "3.1.0",
    info: {
      title: "Recipe service API",
      version: config.version,
      description: [
        "Recipes, their ingredients, categories, stores and shelves, with pictures.",
        `Log in with \`POST ${TOKEN_PATH}\` (the OAuth2 password form or JSON) and send the token as`,
        "`Authorization: Bearer <token>`. Every error is `application/problem+json` (RFC 9457).",
        "Lists page with `limit` (1–100, default 20) and the opaque `cursor` of the previous page's `next_cursor`.",
      ].join(" "),
    },
    jsonSchemaDialect: "https://spec.openapis.org/oas/3.1/dialect/base",
    tags,
    paths: finished.document,
    components: {
      schemas: { Problem, ...finished.schemas },
      responses: sharedResponses(errorStatuses),
      securitySchemes: {
        bearerAuth: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "JWT",
          description: `A token from \`POST ${TOKEN_PATH}\`, valid 30 minutes.`,
        },
        oauth2Password: {
          type: "oauth2",
          description: "Log in with a username (or email) and password.",
          flows: { password: { tokenUrl: TOKEN_PATH, scopes: {} } },
        },
      },
    },
  };
}

type HandlerModule = { handler?: { definition?: AnyDefinition } } & Record<string, unknown>;

/** Imports a handler module; `undefined` if its file does not exist (yet). */
export async function loadHandlerModule(handler: string): Promise<HandlerModule | undefined> {
  const url = new URL(`../${handler}.ts`, import.meta.url);
  if (!existsSync(url)) return undefined;
  return (await import(/* @vite-ignore */ url.href)) as HandlerModule;
}

/** Every route of the table with its handler's definition; routes whose handler is missing are listed apart. */
export async function loadDocumentedRoutes(): Promise<{ entries: DocumentedRoute[]; missing: Route[] }> {
  const entries: DocumentedRoute[] = [];
  const missing: Route[] = [];
  for (const route of routes) {
    const module = await loadHandlerModule(route.handler);
    const definition = module?.handler?.definition;
    if (!module || !definition) {
      missing.push(route);
      continue;
    }
    entries.push({ route, definition, exports: module });
  }
  // The core's schemas name the components first: they are the spec's names.
  if (entries[0]) entries[0] = { ...entries[0], exports: { ...coreSchemas, ...entries[0].exports } };
  return { entries, missing };
}

let live: Promise<Json> | undefined;

/**
 * The document of the current code, generated once per process. Throws when a route of the table
 * has no handler, so a missing one cannot go unnoticed.
 */
export function generateOpenApiDocument(): Promise<Json> {
  live ??= loadDocumentedRoutes().then(({ entries, missing }) => {
    if (missing.length) {
      const list = missing.map((r) => `${r.method} ${API_PREFIX}${r.path} (functions/${r.handler}.ts)`);
      throw new Error(`No endpoint handler for: ${list.join(", ")}`);
    }
    return buildOpenApiDocument(entries);
  });
  return live;
}

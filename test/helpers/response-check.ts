/**
 * Holds every response the handler tests receive to the API reference: its status must be one the
 * route documents, its content type one documented for that status, and its body must validate
 * against the documented schema. So the document and the code cannot drift apart.
 *
 * The route's part of the document is generated from the handler the request just went through,
 * with the same generator as /api/v1/openapi.json, and compiled once per route and status per test file.
 */
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import formatsModule from "ajv-formats";
import { matchRoute } from "../../functions/lib/match.ts";
import { buildOpenApiDocument, loadHandlerModule } from "../../functions/lib/openapi.ts";
import { API_PREFIX, type Route, routeKey } from "../../functions/routes.ts";

type Json = Record<string, unknown>;
type MediaTypes = Record<string, { schema?: Json }>;
type Response = { content?: MediaTypes; headers?: Record<string, unknown>; $ref?: string };
type Operation = { responses: Record<string, Response> };
type RouteCheck = { operation: Operation; components: unknown; validators: Map<string, ValidateFunction> };

export type CheckedResponse = { status: number; headers: Record<string, string>; body: unknown; raw: Buffer };

// ajv-formats is CommonJS: its default export arrives either as the plugin or wrapping it.
const addFormats = ((formatsModule as unknown as { default?: unknown }).default ?? formatsModule) as (
  ajv: Ajv2020,
) => void;

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);

const byRoute = new Map<string, Promise<RouteCheck>>();

async function routeCheck(route: Route): Promise<RouteCheck> {
  const module = await loadHandlerModule(route.handler);
  const definition = module?.handler?.definition;
  if (!module || !definition) {
    throw new Error(`API reference check: functions/${route.handler}.ts exports no endpoint definition.`);
  }
  const document = buildOpenApiDocument([{ route, definition, exports: module }]) as {
    paths: Record<string, Record<string, Operation>>;
    components: { responses?: Record<string, Response> };
  };
  const operation = document.paths[`${API_PREFIX}${route.path}`]?.[route.method.toLowerCase()];
  if (!operation) throw new Error(`API reference check: ${routeKey(route)} is missing from the document.`);
  // Shared error responses are `$ref`s to #/components/responses/<Name>.
  const resolve = (response: Response): Response =>
    response.$ref
      ? (document.components.responses?.[response.$ref.split("/").pop() ?? ""] ?? response)
      : response;
  const responses = Object.fromEntries(Object.entries(operation.responses).map(([k, v]) => [k, resolve(v)]));
  return { operation: { responses }, components: document.components, validators: new Map() };
}

function validator(check: RouteCheck, status: number, mediaType: string, schema: Json): ValidateFunction {
  const key = `${status} ${mediaType}`;
  let validate = check.validators.get(key);
  if (!validate) {
    // The schema's `#/components/...` refs resolve against the components carried alongside.
    validate = ajv.compile({ ...schema, components: check.components });
    check.validators.set(key, validate);
  }
  return validate;
}

const preview = (response: CheckedResponse) => {
  const text = response.raw.toString("utf8");
  return text.length > 600 ? `${text.slice(0, 600)}…` : text;
};

/**
 * Throws when the response disagrees with the API reference of the route the request matched.
 * Requests no route takes (404/405 of the router, CORS preflights) are not checked.
 */
export async function checkResponse(method: string, url: string, response: CheckedResponse): Promise<void> {
  const match = matchRoute(method, url.split("?")[0] ?? "/");
  if (match.kind !== "found") return;
  const key = routeKey(match.route);
  let pending = byRoute.get(key);
  if (!pending) {
    pending = routeCheck(match.route);
    byRoute.set(key, pending);
  }
  const check = await pending;
  const fail = (why: string): never => {
    throw new Error(
      `API reference mismatch for ${key} (functions/${match.route.handler}.ts): ${why}\n` +
        `  request: ${method} ${url}\n  response ${response.status}: ${preview(response)}`,
    );
  };

  const documented = check.operation.responses[String(response.status)];
  if (!documented) {
    const statuses = Object.keys(check.operation.responses).join(", ");
    return fail(
      `status ${response.status} is not documented (documented: ${statuses}). Add it to the endpoint's ` +
        "`errors` (or fix the handler).",
    );
  }
  if (documented.headers && "Location" in documented.headers && !response.headers.location) {
    fail("the documented Location header is missing.");
  }
  if (!documented.content) {
    if (response.status === 204 && response.raw.length > 0) fail("a 204 response must have no body.");
    return;
  }
  const contentType = response.headers["content-type"] ?? "";
  const mediaType = contentType.split(";")[0]?.trim().toLowerCase() ?? "";
  const media = documented.content[mediaType];
  if (!media) {
    const types = Object.keys(documented.content).join(", ");
    return fail(
      `content type '${contentType}' is not documented for ${response.status} (documented: ${types}).`,
    );
  }
  if (!media.schema) return;
  const validate = validator(check, response.status, mediaType, media.schema);
  if (!validate(response.body)) {
    const errors = (validate.errors ?? [])
      .slice(0, 8)
      .map((e) => `${e.instancePath || "(body)"} ${e.message ?? "is invalid"}${paramsText(e.params)}`);
    fail(`the body does not match the documented schema:\n    ${errors.join("\n    ")}`);
  }
}

const paramsText = (params: Record<string, unknown>): string => {
  if ("additionalProperty" in params) return ` ('${String(params.additionalProperty)}')`;
  if ("allowedValues" in params) return ` (${JSON.stringify(params.allowedValues)})`;
  return "";
};

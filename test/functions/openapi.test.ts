/** The API reference: generated from the route table and the handlers' schemas, valid OpenAPI 3.1. */
import { Validator } from "@seriousme/openapi-schema-validator";
import { Ajv2020 } from "ajv/dist/2020.js";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { endpoint } from "../../functions/lib/endpoint.ts";
import { buildOpenApiDocument, generateOpenApiDocument, TOKEN_PATH } from "../../functions/lib/openapi.ts";
import { API_PREFIX, routes } from "../../functions/routes.ts";
import { api, problem } from "../helpers/api.ts";

type Operation = {
  operationId: string;
  description: string;
  security: Record<string, string[]>[];
  parameters: { name: string; in: string; required: boolean; schema: { type: string } }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
};
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, unknown>;
    responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
    securitySchemes: Record<string, Record<string, unknown>>;
  };
};

let doc: Document;
beforeAll(async () => {
  doc = (await generateOpenApiDocument()) as Document;
});

const operationOf = (method: string, path: string): Operation => {
  const operation = doc.paths[`${API_PREFIX}${path}`]?.[method.toLowerCase()];
  if (!operation) throw new Error(`${method} ${path} is not in the document`);
  return operation;
};

describe("GET /openapi.json", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    const result = await new Validator().validate(doc as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe("3.1.0");
  });

  it("is served publicly as JSON, the same document the generator builds", async () => {
    const res = await api("GET", "/openapi.json");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("application/json");
    expect(res.body).toEqual(doc);
    expect((await api("GET", "/openapi.json/")).status).toBe(200);
  });

  it("refuses a bad token like every route does", async () => {
    problem(await api("GET", "/openapi.json", { token: "not-a-token" }), 401);
  });

  it("has every route of the route table with its method, and nothing else", () => {
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const table = routes.map((r) => `${r.method} ${API_PREFIX}${r.path}`);
    expect(documented.sort()).toEqual([...table].sort());
    expect(
      new Set(Object.values(doc.paths).flatMap((ops) => Object.values(ops).map((o) => o.operationId))).size,
    ).toBe(routes.length);
  });

  it("states each route's access as a security requirement and in words", () => {
    for (const route of routes) {
      const operation = operationOf(route.method, route.path);
      const schemes = operation.security.flatMap((s) => Object.keys(s));
      expect(schemes, route.path).toEqual(["bearerAuth", "oauth2Password"]);
      // Public routes accept no token at all: the empty requirement.
      expect(
        operation.security.some((s) => Object.keys(s).length === 0),
        route.path,
      ).toBe(route.access === "public");
      expect(operation.description, route.path).toContain(
        {
          public: "**Access:** public",
          user: "**Access:** user or admin",
          account: "**Access:** user or admin, signed in with a session",
          admin: "**Access:** admin only",
        }[route.access],
      );
      expect(Object.keys(operation.responses), route.path).toContain("401");
      if (route.access === "admin" || route.access === "account" || route.method !== "GET")
        expect(Object.keys(operation.responses), route.path).toContain("403");
    }
  });

  it("documents path parameters as integer ids, with their 404", () => {
    for (const route of routes) {
      const operation = operationOf(route.method, route.path);
      const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      const params = operation.parameters.filter((p) => p.in === "path");
      expect(
        params.map((p) => p.name),
        route.path,
      ).toEqual(names);
      for (const p of params)
        expect(p).toMatchObject({ required: true, schema: { type: "integer", minimum: 1 } });
      if (names.length) expect(Object.keys(operation.responses), route.path).toContain("404");
    }
  });

  it("documents query parameters, request bodies and problem+json errors", () => {
    const list = operationOf("GET", "/recipes");
    const query = Object.fromEntries(list.parameters.filter((p) => p.in === "query").map((p) => [p.name, p]));
    expect(Object.keys(query)).toEqual(
      expect.arrayContaining(["q", "limit", "cursor", "ingredient_id", "sort"]),
    );
    expect(query.limit?.required).toBe(false);
    expect(query.ingredient_id?.schema.type).toBe("array");
    expect(list.responses["400"]).toEqual({ $ref: "#/components/responses/BadRequest" });

    const create = operationOf("POST", "/recipes");
    expect(Object.keys(create.requestBody?.content ?? {})).toEqual(["application/json"]);
    expect(Object.keys(create.responses)).toEqual(
      expect.arrayContaining(["201", "401", "413", "415", "422"]),
    );
    expect(create.responses["422"]).toEqual({ $ref: "#/components/responses/UnprocessableContent" });
    expect(
      doc.components.responses.UnprocessableContent?.content?.["application/problem+json"]?.schema,
    ).toEqual({
      $ref: "#/components/schemas/Problem",
    });
    // 404 names the route's own resource.
    expect(
      operationOf("GET", "/recipes/{recipe_id}").responses["404"]?.content?.["application/problem+json"],
    ).toMatchObject({ example: { status: 404, detail: "Recipe ID 5 was not found." } });

    const token = operationOf("POST", "/auth/token");
    expect(Object.keys(token.requestBody?.content ?? {}).sort()).toEqual([
      "application/json",
      "application/x-www-form-urlencoded",
    ]);
    expect(Object.keys(token.responses)).toContain("429");

    const upload = operationOf("PUT", "/recipes/{recipe_id}/image");
    expect(Object.keys(upload.requestBody?.content ?? {})).toEqual(
      expect.arrayContaining(["image/jpeg", "image/png", "image/webp", "image/avif", "multipart/form-data"]),
    );

    expect(operationOf("DELETE", "/recipes/{recipe_id}").responses["204"]?.content).toBeUndefined();
  });

  it("names the spec's schemas and the shared errors as components and resolves every reference", () => {
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining([
        "Problem",
        "RecipeRead",
        "RecipeCreate",
        "UserRead",
        "CategoryRead",
        "TokenRead",
      ]),
    );
    const text = JSON.stringify(doc);
    for (const [, kind, name] of text.matchAll(/"\$ref":"#\/components\/(schemas|responses)\/([^"]+)"/g)) {
      expect(doc.components[kind as "schemas" | "responses"], name).toHaveProperty(name as string);
    }
    expect(text).not.toContain("#/$defs/");
  });

  it("has response schemas a JSON Schema 2020-12 validator compiles", () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    for (const ops of Object.values(doc.paths)) {
      for (const operation of Object.values(ops)) {
        for (const response of Object.values(operation.responses)) {
          for (const media of Object.values(response.content ?? {})) {
            expect(() =>
              ajv.compile({ ...(media.schema as object), components: doc.components }),
            ).not.toThrow();
          }
        }
      }
    }
  });

  it("has the bearer and the OAuth2 password schemes, pointing at the token route", () => {
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
    expect(doc.components.securitySchemes.oauth2Password).toMatchObject({
      type: "oauth2",
      flows: { password: { tokenUrl: TOKEN_PATH, scopes: {} } },
    });
    expect(TOKEN_PATH).toBe("/api/v1/auth/token");
  });
});

describe("the generator", () => {
  const Thing = z.object({ id: z.number().int(), at: z.date(), tags: z.array(z.string()).default([]) });
  const ThingRead = Thing.meta({ id: "ThingRead" });
  // Any line will do: the generator documents the definition under the route given beside it.
  const probe = endpoint("recipes/create", {
    summary: "probe",
    query: z.strictObject({
      limit: z.coerce.number().int().min(1).default(5),
      kind: z.enum(["a", "b"]).optional(),
    }),
    body: z.strictObject({ things: z.array(Thing) }),
    response: { status: 201, schema: ThingRead, description: "created" },
    errors: ["conflict"],
    handle: async () => ({ status: 201, body: { id: 1, at: new Date(), tags: [] } }),
  });
  const route = {
    method: "POST",
    path: "/things/{thing_id}",
    handler: "things/create",
    access: "user",
    needs: {},
  } as const;
  const generated = () =>
    buildOpenApiDocument([
      { route, definition: probe.definition, exports: { ThingBody: probe.definition.body } },
    ]) as {
      paths: Record<string, { post: Operation & { tags: string[] } }>;
      components: { schemas: Record<string, Record<string, unknown>> };
    };

  it("turns a definition into an operation: parameters, body, the success and every error", () => {
    const { paths } = generated();
    const operation = paths["/api/v1/things/{thing_id}"]?.post;
    expect(operation?.operationId).toBe("thingsCreate");
    expect(operation?.tags).toEqual(["things"]);
    expect(operation?.parameters.map((p) => `${p.in}:${p.name}:${p.required}`)).toEqual([
      "path:thing_id:true",
      "query:limit:false",
      "query:kind:false",
    ]);
    expect(operation?.requestBody?.content["application/json"]?.schema).toEqual({
      $ref: "#/components/schemas/ThingBody",
    });
    expect(operation?.responses["409"]).toEqual({ $ref: "#/components/responses/Conflict" });
    // 403 as every write may answer it: an API token with the `read` scope.
    expect(Object.keys(operation?.responses ?? {})).toEqual([
      "201",
      "400",
      "401",
      "403",
      "404",
      "409",
      "413",
      "415",
      "422",
      "500",
      "503",
    ]);
  });

  it("keeps request and response variants apart when they differ, and dates are date-time strings", () => {
    const { components } = generated();
    expect(components.schemas.ThingRead).toMatchObject({
      properties: { at: { type: "string", format: "date-time" } },
      required: ["id", "at", "tags"],
      additionalProperties: false,
    });
    expect(components.schemas.ThingBody).toMatchObject({ additionalProperties: false });
  });
});

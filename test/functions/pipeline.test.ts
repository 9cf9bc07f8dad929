/** The request pipeline every handler shares: errors, authentication, access, bodies, routing, logs. */
import { SignJWT } from "jose";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { config } from "../../core/config.ts";
import { getDb } from "../../core/db.ts";
import { AppError, type ErrorKind } from "../../core/errors.ts";
import { logger } from "../../core/log.ts";
import { endpoint, ok } from "../../functions/lib/endpoint.ts";
import { toEvent } from "../../functions/lib/local.ts";
import { problemResponse } from "../../functions/lib/problem.ts";
import { api, problem } from "../helpers/api.ts";
import { makeUser } from "../helpers/factories.ts";

// Probes bound to lines of the real route table, so that access comes from it as in production.
const USER_ROUTE = "PUT /api/v1/recipes/{recipe_id}";
const ADMIN_ROUTE = "PUT /api/v1/categories/{category_id}";

const Body = z.strictObject({ name: z.string().min(1), count: z.number().int().min(0).optional() });

const probeDefinition = {
  summary: "test probe",
  query: z.strictObject({ limit: z.coerce.number().int().min(1).max(100).default(20) }),
  body: Body,
  response: { status: 200, schema: z.unknown(), description: "echo" },
} as const;
const echo = async (request: {
  params: object;
  query: object;
  body: z.output<typeof Body>;
  caller: unknown;
}) => {
  if (request.body.name === "boom") throw new Error("secret internal detail from SQL");
  const { params, query, body, caller } = request;
  return ok({ params, query, body, caller });
};
const probes = {
  [USER_ROUTE]: endpoint("recipes/update", { ...probeDefinition, handle: echo }),
  [ADMIN_ROUTE]: endpoint("categories/update", { ...probeDefinition, handle: echo }),
};

async function callProbe(
  key: string,
  options: {
    token?: string;
    body?: string;
    contentType?: string;
    query?: string;
    id?: string;
    base64?: boolean;
  } = {},
) {
  const headers: Record<string, string> = {};
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  if (options.contentType !== undefined) headers["content-type"] = options.contentType;
  const event = toEvent(
    {
      method: key.split(" ")[0] ?? "GET",
      url: `/x${options.query ?? ""}`,
      headers,
      body: options.body ?? "",
    },
    key,
    { recipe_id: options.id ?? "7", category_id: options.id ?? "7" },
  );
  const probe = probes[key as keyof typeof probes];
  const result = await probe(event, {} as never);
  return { status: result.statusCode, headers: result.headers, body: JSON.parse(result.body || "null") };
}

const jsonBody = (value: unknown) => ({ body: JSON.stringify(value), contentType: "application/json" });
const key = new TextEncoder().encode(config.jwtSecret);

describe("problem+json mapping", () => {
  const cases: [ErrorKind, number, string][] = [
    ["bad_request", 400, "Bad Request"],
    ["unauthenticated", 401, "Unauthorized"],
    ["forbidden", 403, "Forbidden"],
    ["not_found", 404, "Not Found"],
    ["method_not_allowed", 405, "Method Not Allowed"],
    ["conflict", 409, "Conflict"],
    ["payload_too_large", 413, "Content Too Large"],
    ["unsupported_media_type", 415, "Unsupported Media Type"],
    ["invalid", 422, "Unprocessable Content"],
    ["too_many_requests", 429, "Too Many Requests"],
    ["unavailable", 503, "Service Unavailable"],
  ];
  it.each(cases)("%s → %i", (kind, status, title) => {
    const response = problemResponse(new AppError(kind, "Recipe ID 5 was not found."));
    expect(response.statusCode).toBe(status);
    expect(response.headers["content-type"]).toBe("application/problem+json");
    expect(JSON.parse(response.body)).toEqual({
      type: "about:blank",
      title,
      status,
      detail: "Recipe ID 5 was not found.",
    });
  });

  it("answers 429 with Retry-After and 503 for a database that cannot be reached", () => {
    const throttled = problemResponse(
      new AppError("too_many_requests", "Slow down.", { retryAfterSeconds: 60 }),
    );
    expect(throttled.headers["retry-after"]).toBe("60");
    const down = problemResponse(Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }));
    expect(down.statusCode).toBe(503);
    expect(JSON.parse(down.body).detail).toBe("Database is unavailable.");
  });

  it("a handler that ran out of its time is 503 busy with Retry-After, not storage being down", () => {
    // What @middy/core throws at its early timeout, and what the S3 client throws when storage is slow.
    const ranOut = Object.assign(
      new Error("[AbortError]: The operation was aborted.", { cause: { package: "@middy/core" } }),
      {
        name: "TimeoutError",
      },
    );
    const late = problemResponse(ranOut);
    expect(late.statusCode).toBe(503);
    expect(late.headers["retry-after"]).toBe("5");
    expect(JSON.parse(late.body).detail).toBe("The service is busy. Try again in 5 seconds.");
    const storage = problemResponse(Object.assign(new Error("socket timed out"), { name: "TimeoutError" }));
    expect(JSON.parse(storage.body).detail).toBe("Storage is unavailable.");
  });

  it("hides everything about an unexpected error", async () => {
    const user = await makeUser();
    const res = await callProbe(USER_ROUTE, { token: user.token, ...jsonBody({ name: "boom" }) });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({
      type: "about:blank",
      title: "Internal Server Error",
      status: 500,
      detail: "Internal server error.",
    });
  });
});

describe("authentication", () => {
  it("lets a valid token through and re-reads the account", async () => {
    const user = await makeUser();
    const res = await callProbe(USER_ROUTE, { token: user.token, ...jsonBody({ name: "a" }) });
    expect(res.status).toBe(200);
    expect(res.body.caller).toEqual({
      id: user.id,
      username: user.username,
      role: "user",
      sessionId: user.sessionId,
    });
  });

  it("answers 401 without a token on a route that needs one", async () => {
    const res = await callProbe(USER_ROUTE, jsonBody({ name: "a" }));
    expect(res.status).toBe(401);
    expect(res.body.detail).toBe("Not authenticated.");
    expect(res.headers["www-authenticate"]).toContain("Bearer");
  });

  it("checks the token before the body: no token and a wrong content type is still 401", async () => {
    const res = await callProbe(USER_ROUTE, { body: "hello", contentType: "text/plain" });
    expect(res.status).toBe(401);
  });

  const badTokens: [string, () => Promise<string>][] = [
    ["garbage", async () => "not-a-jwt"],
    [
      "expired",
      async () =>
        new SignJWT({ role: "user" })
          .setProtectedHeader({ alg: "HS256" })
          .setSubject("1")
          .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
          .setExpirationTime(Math.floor(Date.now() / 1000) - 1800)
          .sign(key),
    ],
    [
      "signed with another key",
      async () =>
        new SignJWT({ role: "admin" })
          .setProtectedHeader({ alg: "HS256" })
          .setSubject("1")
          .setExpirationTime("30m")
          .sign(new TextEncoder().encode("another-secret-that-is-long-enough-to-use")),
    ],
    [
      "alg none",
      async () => {
        const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString("base64url");
        return `${enc({ alg: "none", typ: "JWT" })}.${enc({ sub: "1", role: "admin", exp: 9999999999 })}.`;
      },
    ],
    [
      "HS512",
      async () =>
        new SignJWT({ role: "user" })
          .setProtectedHeader({ alg: "HS512" })
          .setSubject("1")
          .setExpirationTime("30m")
          .sign(key),
    ],
    [
      "without exp",
      async () =>
        new SignJWT({ role: "user" }).setProtectedHeader({ alg: "HS256" }).setSubject("1").sign(key),
    ],
  ];
  it.each(badTokens)("answers 401 for a token that is %s, even on a public route", async (_, make) => {
    const token = await make();
    const res = await api("GET", "/health", { token });
    expect(problem(res, 401).detail).toBe("Token is invalid or has expired.");
    const guarded = await callProbe(USER_ROUTE, { token, ...jsonBody({ name: "a" }) });
    expect(guarded.status).toBe(401);
  });

  it("answers 401 for a well-signed token whose subject cannot be an account", async () => {
    const token = await new SignJWT({ role: "user", sid: 1 })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject("99999999999")
      .setExpirationTime("30m")
      .sign(key);
    expect(problem(await api("GET", "/users/me", { token }), 401).detail).toBe(
      "Token is invalid or has expired.",
    );
  });

  it("rejects a tampered token", async () => {
    const user = await makeUser();
    const [header, , signature] = user.token.split(".");
    const payload = Buffer.from(
      JSON.stringify({ sub: String(user.id), role: "admin", exp: 9999999999 }),
    ).toString("base64url");
    const res = await callProbe(ADMIN_ROUTE, { token: `${header}.${payload}.${signature}` });
    expect(res.status).toBe(401);
  });

  it("answers 401 for a malformed Authorization header", async () => {
    const res = await api("GET", "/health", { headers: { authorization: "Basic abc" } });
    expect(problem(res, 401).detail).toBe("Authorization header must be 'Bearer <token>'.");
  });

  it("stops a deleted account's token at once", async () => {
    const user = await makeUser();
    await getDb().deleteFrom("users").where("id", "=", user.id).execute();
    const res = await callProbe(USER_ROUTE, { token: user.token, ...jsonBody({ name: "a" }) });
    expect(res.status).toBe(401);
    expect(res.body.detail).toBe("Token is invalid or has expired.");
  });

  it("applies a role change to existing tokens at once", async () => {
    const admin = await makeUser({ role: "admin" });
    expect((await callProbe(ADMIN_ROUTE, { token: admin.token })).status).not.toBe(403);
    await getDb().updateTable("users").set({ role: "user" }).where("id", "=", admin.id).execute();
    const res = await callProbe(ADMIN_ROUTE, { token: admin.token });
    expect(res.status).toBe(403);
    expect(res.body.detail).toBe("This action requires the admin role.");
  });
});

describe("request bodies and parameters", () => {
  it("rejects an unknown field with 422 naming it", async () => {
    const user = await makeUser();
    const res = await callProbe(USER_ROUTE, { token: user.token, ...jsonBody({ name: "a", role: "admin" }) });
    expect(res.status).toBe(422);
    expect(res.body.detail).toBe("Request body is invalid.");
    expect(res.body.errors).toEqual([{ path: "role", message: "Unknown field." }]);
  });

  it("rejects a value out of bounds with 422 and its path", async () => {
    const user = await makeUser();
    const res = await callProbe(USER_ROUTE, { token: user.token, ...jsonBody({ name: "a", count: -1 }) });
    expect(res.status).toBe(422);
    expect(res.body.errors[0].path).toBe("count");
  });

  it("asks for a body when there is none", async () => {
    const user = await makeUser();
    const res = await callProbe(USER_ROUTE, { token: user.token, contentType: "application/json" });
    expect(res.status).toBe(422);
    expect(res.body.detail).toBe("Request body is required.");
  });

  it("answers 400 for malformed JSON", async () => {
    const user = await makeUser();
    const res = await callProbe(USER_ROUTE, {
      token: user.token,
      body: "{oops",
      contentType: "application/json",
    });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe("Request body is not valid JSON.");
  });

  it("answers 422 for a __proto__ key, like any unknown field", async () => {
    const user = await makeUser();
    const body = '{"name":"a","__proto__":{"role":"admin"}}';
    const res = await callProbe(USER_ROUTE, { token: user.token, body, contentType: "application/json" });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([{ path: "__proto__", message: "Unknown field." }]);
  });

  it("answers 415 for a body that is not JSON", async () => {
    const user = await makeUser();
    const res = await callProbe(USER_ROUTE, { token: user.token, body: "name=a", contentType: "text/plain" });
    expect(res.status).toBe(415);
    expect(res.body.detail).toBe("Content type 'text/plain' is not supported.");
  });

  it("answers 413 for a body over 1 MB", async () => {
    const user = await makeUser();
    const big = JSON.stringify({ name: "x".repeat(1_048_577) });
    const res = await callProbe(USER_ROUTE, {
      token: user.token,
      body: big,
      contentType: "application/json",
    });
    expect(res.status).toBe(413);
    expect(res.body.detail).toBe("Request body is larger than 1048576 bytes.");
  });

  it("answers 400 for a bad query parameter", async () => {
    const user = await makeUser();
    const res = await callProbe(USER_ROUTE, {
      token: user.token,
      query: "?limit=500",
      ...jsonBody({ name: "a" }),
    });
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/^Query parameter 'limit' is invalid/);
  });

  it("answers 422 for a NUL character anywhere in the body, naming the field", async () => {
    const user = await makeUser();
    const res = await callProbe(USER_ROUTE, { token: user.token, ...jsonBody({ name: "Zed\u0000nul" }) });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([{ path: "name", message: "Text must not contain the NUL character." }]);
  });

  it("answers 400 for a NUL character in the query string", async () => {
    const res = await api("GET", "/recipes?q=%00");
    expect(problem(res, 400).detail).toBe(
      "Query parameter 'q' is invalid: Text must not contain the NUL character.",
    );
  });

  it("treats an empty query value as not given, like a blank form field", async () => {
    expect((await api("GET", "/recipes?q=&limit=&max_total_time_sec=")).status).toBe(200);
    const user = await makeUser();
    const res = await callProbe(USER_ROUTE, {
      token: user.token,
      query: "?limit=",
      ...jsonBody({ name: "a" }),
    });
    expect(res.body.query).toEqual({ limit: 20 });
  });

  it("refuses query parameters on a route that takes none", async () => {
    const res = await api("GET", "/health?verbose=1");
    expect(problem(res, 400).detail).toBe("Query parameter 'verbose' is invalid: Unknown field.");
  });

  it("quotes values in messages with single quotes, as the spec does", async () => {
    const res = await api("GET", "/recipes?sort=bogus");
    expect(problem(res, 400).detail).not.toContain('"');
  });

  it.each([
    ["/categories", [String.fromCharCode(97), 99999999999]],
    ["/stores", ["a", 99999999999]],
    ["/ingredients", ["\u0000", 1]],
    ["/users", [99999999999]],
    ["/recipes?sort=title", ["title", "\u0000", 1]],
  ])("answers 400 for a forged cursor on %s", async (path, key) => {
    const admin = await makeUser({ role: "admin" });
    const cursor = Buffer.from(JSON.stringify(key)).toString("base64url");
    const separator = path.includes("?") ? "&" : "?";
    const res = await api("GET", `${path}${separator}cursor=${cursor}`, { token: admin.token });
    expect(problem(res, 400).detail).toBe("Cursor is invalid.");
  });

  it.each(["/categories", "/ingredients", "/stores", "/recipes", "/users"])(
    "answers 400 for an unknown query parameter on %s, like every list",
    async (path) => {
      const admin = await makeUser({ role: "admin" });
      const res = await api("GET", `${path}?limit=5&colour=red`, { token: admin.token });
      expect(problem(res, 400).detail).toBe("Query parameter 'colour' is invalid: Unknown field.");
    },
  );

  it.each([
    ["abc", "Recipe ID 'abc' was not found."],
    ["-1", "Recipe ID -1 was not found."],
    ["1.5", "Recipe ID 1.5 was not found."],
    ["99999999999", "Recipe ID 99999999999 was not found."],
  ])("answers 404 for the id %s", async (id, detail) => {
    const user = await makeUser();
    const res = await callProbe(USER_ROUTE, { token: user.token, id, ...jsonBody({ name: "a" }) });
    expect(res.status).toBe(404);
    expect(res.body.detail).toBe(detail);
  });
});

describe("routing", () => {
  it("serves a route with and without a trailing slash", async () => {
    expect((await api("GET", "/health")).status).toBe(200);
    expect((await api("GET", "/health/")).status).toBe(200);
  });

  it("answers 404 problem+json for an unknown path", async () => {
    const res = await api("GET", "/nothing-here");
    expect(problem(res, 404).detail).toBe("Route '/api/v1/nothing-here' was not found.");
  });

  it("answers 405 with Allow for a known path and an unknown method", async () => {
    const res = await api("PATCH", "/health");
    expect(problem(res, 405).detail).toBe("Method 'PATCH' is not allowed here.");
    expect(res.headers.allow).toBe("GET");
  });

  it("answers a CORS preflight for the frontend", async () => {
    const res = await api("OPTIONS", "/health", { headers: { origin: config.frontendUrl } });
    expect(res.status).toBe(204);
    expect(res.headers["access-control-allow-origin"]).toBe(config.frontendUrl);
  });

  it("reports health with the database and storage checked", async () => {
    const res = await api("GET", "/health", { headers: { origin: config.frontendUrl } });
    expect(res.body).toEqual({ status: "ok", database: "ok", storage: "ok", version: config.version });
    expect(res.headers["access-control-allow-origin"]).toBe(config.frontendUrl);
  });
});

describe("request log", () => {
  const original = logger.write;
  afterEach(() => {
    logger.write = original;
  });

  it("logs a request no route takes, too", async () => {
    const lines: string[] = [];
    logger.write = (line) => lines.push(line);
    await api("GET", "/nothing-here");
    expect(lines.map((l) => JSON.parse(l))).toEqual([
      expect.objectContaining({ level: "info", method: "GET", route: "$default", status: 404 }),
    ]);
  });

  it("writes one JSON line per request with no body, password or token", async () => {
    const lines: string[] = [];
    logger.write = (line) => lines.push(line);
    const user = await makeUser();
    const password = "hunter2-super-secret";
    await callProbe(USER_ROUTE, { token: user.token, ...jsonBody({ name: password }) });
    await callProbe(USER_ROUTE, { token: user.token, ...jsonBody({ name: "boom" }) });
    expect(lines).toHaveLength(2);
    const [first, second] = lines.map((l) => JSON.parse(l));
    expect(first).toMatchObject({ level: "info", method: "PUT", route: USER_ROUTE, status: 200 });
    expect(typeof first.duration_ms).toBe("number");
    expect(second).toMatchObject({ level: "error", status: 500 });
    for (const line of lines) {
      expect(line).not.toContain(password);
      expect(line).not.toContain(user.token);
      expect(line).not.toContain(user.password);
    }
  });
});

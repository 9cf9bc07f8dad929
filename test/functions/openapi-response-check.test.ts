/** The hook that holds every api() response to the API reference fails on each kind of drift. */
import { describe, expect, it } from "vitest";
import { api } from "../helpers/api.ts";
import { makeUser } from "../helpers/factories.ts";
import { type CheckedResponse, checkResponse } from "../helpers/response-check.ts";

const json = (status: number, body: unknown, contentType = "application/json"): CheckedResponse => {
  const text = JSON.stringify(body);
  return { status, headers: { "content-type": contentType }, body, raw: Buffer.from(text) };
};

const problemBody = (status: number) => ({ type: "about:blank", title: "X", status, detail: "Something." });

describe("response check against the API reference", () => {
  it("passes the real responses of a route, success and errors", async () => {
    const user = await makeUser();
    expect((await api("GET", "/users/me", { token: user.token })).status).toBe(200);
    expect((await api("GET", "/users/me")).status).toBe(401);
    expect((await api("GET", "/users/abc")).status).toBe(404);
  });

  it("fails a status the route does not document, naming the route and the documented ones", async () => {
    await expect(checkResponse("GET", "/api/v1/health", json(418, problemBody(418)))).rejects.toThrow(
      /API reference mismatch for GET \/api\/v1\/health \(functions\/health\/get\.ts\): status 418 is not documented \(documented: 200, 400, 401, 500, 503\)/,
    );
  });

  it("fails a body that does not match the documented schema, naming the field", async () => {
    const body = { status: "ok", database: "ok", storage: "fine", version: "1" };
    await expect(checkResponse("GET", "/api/v1/health", json(200, body))).rejects.toThrow(
      /the body does not match the documented schema:\n\s+\/storage must be equal to one of the allowed values/,
    );
    const extra = { status: "ok", database: "ok", storage: "ok", version: "1", secret: "x" };
    await expect(checkResponse("GET", "/api/v1/health", json(200, extra))).rejects.toThrow(
      /must NOT have additional properties \('secret'\)/,
    );
  });

  it("fails a content type the status does not document", async () => {
    await expect(
      checkResponse("GET", "/api/v1/users/5", json(404, problemBody(404), "application/json")),
    ).rejects.toThrow(
      /content type 'application\/json' is not documented for 404 \(documented: application\/problem\+json\)/,
    );
  });

  it("fails a problem body without the contract's fields", async () => {
    await expect(
      checkResponse("GET", "/api/v1/users/5", json(404, { message: "nope" }, "application/problem+json")),
    ).rejects.toThrow(/must have required property 'detail'/);
  });

  it("fails a 204 with a body and a 201 without Location", async () => {
    const withBody: CheckedResponse = { status: 204, headers: {}, body: "x", raw: Buffer.from("x") };
    await expect(checkResponse("DELETE", "/api/v1/recipes/5", withBody)).rejects.toThrow(
      /a 204 response must have no body/,
    );
    await expect(checkResponse("POST", "/api/v1/categories", json(201, {}))).rejects.toThrow(
      /the documented Location header is missing/,
    );
  });

  it("leaves alone what no route takes: the router's 404 and 405", async () => {
    await expect(
      checkResponse("GET", "/api/v1/nowhere", json(404, problemBody(404))),
    ).resolves.toBeUndefined();
    await expect(
      checkResponse("PATCH", "/api/v1/recipes", json(405, problemBody(405))),
    ).resolves.toBeUndefined();
    expect((await api("GET", "/nowhere")).status).toBe(404);
  });
});

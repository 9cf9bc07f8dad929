/** The cloud's `$default` route, which answers requests API Gateway matched to no route. */
import { describe, expect, it } from "vitest";
import { toEvent } from "../../functions/lib/local.ts";
import { handler } from "../../functions/not-found.ts";

const call = (method: string, url: string) => handler(toEvent({ method, url }, "$default", {}));

describe("$default route", () => {
  it("sends a trailing-slash path on to its route with a 308 that keeps method, body and query", async () => {
    const res = await call("POST", "/api/v1/recipes/?x=1");
    expect(res.statusCode).toBe(308);
    expect(res.headers.location).toBe("/api/v1/recipes?x=1");
  });

  it("answers 404 problem+json for a path no route has", async () => {
    const res = await call("GET", "/api/v1/nothing/");
    expect(res.statusCode).toBe(404);
    expect(JSON.parse(res.body)).toMatchObject({
      status: 404,
      detail: "Route '/api/v1/nothing/' was not found.",
    });
  });

  it("answers 405 with Allow for a known path and another method", async () => {
    const res = await call("PATCH", "/api/v1/recipes/1");
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe("DELETE, GET, PUT");
  });
});

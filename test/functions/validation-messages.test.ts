/**
 * Issue 11, point 10: a whitespace-only query value counts as not given, and no sentence of zod's
 * own English reaches a client: every route's body and query schema is fed wrong values and every
 * message it yields must be the service's own.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { isAppError } from "../../core/errors.ts";
import type { Endpoint } from "../../functions/lib/endpoint.ts";
import { fieldErrors, parseQueryString } from "../../functions/lib/validation.ts";
import { routes } from "../../functions/routes.ts";
import { api, problem } from "../helpers/api.ts";
import { makeUser } from "../helpers/factories.ts";

const zodEnglish = z.locales.en().localeError;
/** Phrases zod's English messages are made of. */
const ZOD_PHRASES =
  /Invalid input|Invalid option|Invalid (string|element|key)|Too (small|big)|expected|received|Unrecognized key/;

const WRONG_VALUES: unknown[] = [
  12345.5,
  -1,
  0,
  1e300,
  "",
  "   ",
  "x".repeat(100_001),
  "not a date or anything",
  "https://example.com/a b",
  "https://example.com/\u0085",
  [],
  [1, "a", null],
  {},
  null,
  true,
];
const WRONG_QUERY_VALUES: (string | string[])[] = [
  "abc",
  "-1",
  "1.5",
  "0",
  "99999999999999999999",
  "x".repeat(600),
  ["1", "2"],
  "1e3",
];

function shapeKeys(schema: z.ZodType): string[] {
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
}

async function definitions() {
  const seen = new Set<string>();
  const out: { name: string; body?: z.ZodType; query?: z.ZodType }[] = [];
  for (const route of routes) {
    if (seen.has(route.handler)) continue;
    seen.add(route.handler);
    const url = new URL(`../../functions/${route.handler}.ts`, import.meta.url).href;
    const module = (await import(/* @vite-ignore */ url)) as { handler: Endpoint };
    const { body, query } = module.handler.definition as { body?: z.ZodType; query?: z.ZodType };
    out.push({ name: route.handler, ...(body ? { body } : {}), ...(query ? { query } : {}) });
  }
  return out;
}

function inputsFor(schema: z.ZodType, values: unknown[]): unknown[] {
  const keys = shapeKeys(schema);
  const inputs: unknown[] = [{}, "text", [], 42, { an_unknown_field: 1 }];
  for (const value of values) inputs.push(Object.fromEntries(keys.map((k) => [k, value])));
  return inputs;
}

describe("messages", () => {
  it("every issue of every route's body and query schema is a sentence of the service's own", async () => {
    let issues = 0;
    for (const definition of await definitions()) {
      const cases: [z.ZodType, unknown[]][] = [];
      if (definition.body) cases.push([definition.body, inputsFor(definition.body, WRONG_VALUES)]);
      if (definition.query) cases.push([definition.query, inputsFor(definition.query, WRONG_QUERY_VALUES)]);
      for (const [schema, inputs] of cases) {
        for (const input of inputs) {
          let parsed: ReturnType<typeof schema.safeParse>;
          try {
            parsed = schema.safeParse(input);
          } catch (error) {
            // A schema may answer with the service's own error at once (a forged cursor).
            expect(isAppError(error), String(error)).toBe(true);
            continue;
          }
          if (parsed.success) continue;
          for (const issue of parsed.error.issues) {
            issues += 1;
            const where = `${definition.name} ${JSON.stringify(input).slice(0, 80)} → ${issue.path.join(".")}`;
            expect(issue.message, where).not.toMatch(ZOD_PHRASES);
            expect(issue.message, where).not.toBe(zodEnglish(issue as never));
            expect(issue.message, where).toMatch(/^[A-Z].*\.$/);
          }
          for (const error of fieldErrors(parsed.error)) expect(error.message).not.toMatch(ZOD_PHRASES);
        }
      }
    }
    expect(issues).toBeGreaterThan(200);
  });

  it("reads like the contract: bounds, choices and types", () => {
    const schema = z.strictObject({
      title: z.string().trim().min(1).max(5),
      servings: z.number().int().min(1),
      sort: z.enum(["newest", "oldest"]),
      tags: z.array(z.string()).max(1),
    });
    const parsed = schema.safeParse({ title: " ", servings: 1.5, sort: "best", tags: ["a", "b"] });
    expect(parsed.success).toBe(false);
    expect(fieldErrors(parsed.error as z.ZodError)).toEqual([
      { path: "title", message: "Must not be empty." },
      { path: "servings", message: "Must be an integer." },
      { path: "sort", message: "Must be one of 'newest', 'oldest'." },
      { path: "tags", message: "Must have at most 1 item." },
    ]);
    const missing = schema.safeParse({});
    expect(fieldErrors(missing.error as z.ZodError)[0]).toEqual({ path: "title", message: "Required." });
  });
});

describe("whitespace-only query values", () => {
  it("count as not given, like empty ones", () => {
    expect(parseQueryString("q=%20&limit=%20%09&cursor=&sort=title")).toEqual({ sort: "title" });
  });

  it.each([
    "/recipes/?q=%20",
    "/recipes/?q=%20%20%09",
    "/recipes?q=+",
    "/ingredients/?q=%20",
    "/recipes/?limit=%20",
  ])("GET %s answers like the same list without it", async (path) => {
    const res = await api("GET", path);
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual(expect.any(Array));
  });

  it("a bad query value names the parameter in the service's words", async () => {
    const res = await api("GET", "/recipes/?limit=500");
    expect(problem(res, 400).detail).toBe("Query parameter 'limit' is invalid: Must be at most 100.");
    const sort = await api("GET", "/recipes/?sort=best");
    expect(problem(sort, 400).detail).toBe(
      "Query parameter 'sort' is invalid: Must be one of 'newest', 'oldest', 'title', 'cook_time', 'rating', 'last_cooked'.",
    );
  });

  it("a bad body field is the service's sentence too", async () => {
    const user = await makeUser();
    const res = await api("POST", "/recipes/", { token: user.token, json: { title: "", servings: 0 } });
    expect(problem(res, 422).errors).toEqual([
      { path: "title", message: "Must not be empty." },
      { path: "servings", message: "Must be at least 1." },
    ]);
  });
});

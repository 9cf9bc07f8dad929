/** The local server: real HTTP on a port, the same handlers and pipeline as the Lambdas. */
import { type AddressInfo, connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { logger } from "../../core/log.ts";
import { createApiServer } from "../../scripts/lib/http-server.ts";
import { makeUser } from "../helpers/factories.ts";

const server = createApiServer();
let base = "";

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe("local HTTP server", () => {
  it("reads imported pages and typed lines on its workers, with the answers of the Lambdas", async () => {
    const { token } = await makeUser();
    const post = (path: string, body: unknown) =>
      fetch(`${base}${path}`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const html =
      '<script type="application/ld+json">{"@type":"Recipe","name":"Pancakes","recipeYield":"4",' +
      '"recipeIngredient":["2 cups flour","2 eggs"],"recipeInstructions":"Whisk and fry."}</script>';
    const draft = await post("/recipes/import", { html });
    expect(draft.status).toBe(200);
    expect(await draft.json()).toMatchObject({
      title: "Pancakes",
      servings: 4,
      ingredients: [
        { text: "2 cups flour", amount_readable: "2 cups", amount_grams: 250 },
        { text: "2 eggs", amount_grams: 100 },
      ],
      steps: [{ description: "Whisk and fry." }],
    });
    const none = await post("/recipes/import", { html: "<p>No recipe here.</p>" });
    expect(none.status).toBe(422);
    expect(((await none.json()) as { detail: string }).detail).toBe("No recipe was found in the HTML.");
    const parsed = await post("/ingredient-lines/parse", { lines: ["1 1/2 cups milk"] });
    expect(parsed.status).toBe(200);
    expect(await parsed.json()).toMatchObject({
      items: [{ amount_readable: "1 1/2 cups", ingredient_name: "Milk" }],
    });
  });

  it("serves health over HTTP with CORS for the frontend", async () => {
    const res = await fetch(`${base}/health`, { headers: { origin: "http://localhost:8000" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("access-control-allow-origin")).toBe("http://localhost:8000");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await res.json()).toMatchObject({ status: "ok", database: "ok", storage: "ok" });
  });

  it("answers unknown routes and methods with problem+json", async () => {
    const missing = await fetch(`${base}/missing`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-type")).toBe("application/problem+json");
    const wrong = await fetch(`${base}/health`, { method: "DELETE" });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get("allow")).toBe("GET");
  });

  it("refuses a body far beyond every limit with 413, and logs it like any request", async () => {
    const lines: string[] = [];
    const original = logger.write;
    logger.write = (line) => lines.push(line);
    try {
      const res = await fetch(`${base}/health`, { method: "POST", body: Buffer.alloc(9 * 1024 * 1024) });
      expect(res.status).toBe(413);
    } finally {
      logger.write = original;
    }
    expect(lines.map((line) => JSON.parse(line))).toEqual([
      expect.objectContaining({ level: "info", method: "POST", status: 413 }),
    ]);
  });

  it("answers what Node's parser refuses with problem+json too: 431 for headers past 16 KB, 400 for bytes that are not HTTP", async () => {
    const big = await fetch(`${base}/health`, {
      headers: { authorization: `Bearer ${"x".repeat(100_000)}` },
    });
    expect(big.status).toBe(431);
    expect(big.headers.get("content-type")).toBe("application/problem+json");
    expect(await big.json()).toEqual({
      type: "about:blank",
      title: "Request Header Fields Too Large",
      status: 431,
      detail: "The request's headers are larger than 16384 bytes.",
    });

    const { port } = server.address() as AddressInfo;
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, "127.0.0.1", () => socket.write("HELLO THERE\r\n\r\n"));
      let text = "";
      socket.on("data", (chunk) => {
        text += chunk.toString();
      });
      socket.on("end", () => resolve(text));
      socket.on("error", reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(answer).toContain("content-type: application/problem+json");
    expect(JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4))).toMatchObject({
      status: 400,
      detail: "The request is not valid HTTP/1.1.",
    });
  });
});

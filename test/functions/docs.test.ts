/** GET /docs: the readable API reference, with its renderer served from the package (no CDN). */
import { describe, expect, it } from "vitest";
import { API_PREFIX, routes } from "../../functions/routes.ts";
import { api, problem } from "../helpers/api.ts";

describe("GET /docs", () => {
  it("renders the reference page as HTML, publicly, with and without the trailing slash", async () => {
    for (const path of ["/docs", "/docs/"]) {
      const res = await api("GET", path);
      expect(res.status).toBe(200);
      expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(res.body).toMatch(/^<!doctype html>/);
      expect(res.body).toContain("<title>Recipe service API reference</title>");
      expect(res.body).toContain("SwaggerUIBundle(");
    }
  });

  it("inlines the renderer: no script, stylesheet or CDN fetched from elsewhere", async () => {
    const page: string = (await api("GET", "/docs")).body;
    expect(page).not.toMatch(/<script[^>]*\ssrc=/i);
    expect(page).not.toMatch(/<link[^>]*\shref=/i);
    expect(page).not.toMatch(/unpkg\.com|jsdelivr|cdnjs|googleapis|cloudflare/i);
    expect(page).not.toMatch(/sourceMappingURL/);
    // Swagger UI's stylesheet and script are both there.
    expect(page).toContain(".swagger-ui");
    expect(page.length).toBeGreaterThan(1_000_000);
  });

  it("has scripts a browser can parse", async () => {
    const page: string = (await api("GET", "/docs")).body;
    const scripts = [...page.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? "");
    expect(scripts).toHaveLength(2);
    // Compiles without running: a script cut short by an early `</script>` would not.
    for (const script of scripts) expect(() => new Function(script)).not.toThrow();
  });

  it("loads the document that lists every route of the route table", async () => {
    const page: string = (await api("GET", "/docs")).body;
    const url = /"url":"([^"]+)"/.exec(page)?.[1];
    expect(url).toBe(`${API_PREFIX}/openapi.json`);
    const document = await api("GET", url as string);
    expect(document.status).toBe(200);
    for (const route of routes) {
      expect(document.body.paths[`${API_PREFIX}${route.path}`], route.path).toHaveProperty(
        route.method.toLowerCase(),
      );
    }
  });

  it("offers the password login against the token route", async () => {
    const document = (await api("GET", "/openapi.json")).body;
    expect(document.components.securitySchemes.oauth2Password.flows.password.tokenUrl).toBe(
      `${API_PREFIX}/auth/token`,
    );
    const page: string = (await api("GET", "/docs")).body;
    expect(page).toContain("persistAuthorization");
  });

  it("refuses a bad token like every route does", async () => {
    problem(await api("GET", "/docs", { token: "not-a-token" }), 401);
  });
});

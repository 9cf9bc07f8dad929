/**
 * Issue 11, point 9: nosniff on every response, no-store on answers that carry a token or personal
 * data, CORS headers only for the allowed origin (with Vary: Origin), and a strict CSP that still
 * covers every inline script and style of /docs, which no other site may frame.
 */
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { config } from "../../core/config.ts";
import { inlineBlocks } from "../../functions/docs/page.ts";
import { api } from "../helpers/api.ts";
import { makeUser } from "../helpers/factories.ts";

const ALLOWED = config.frontendUrl;

describe("nosniff and no-store", () => {
  it("sends nosniff on successes, problems, unknown routes, preflights and the docs page", async () => {
    const user = await makeUser();
    const responses = [
      await api("GET", "/health"),
      await api("GET", "/recipes/"),
      await api("GET", "/users/me", { token: user.token }),
      await api("GET", "/users/me"),
      await api("GET", "/nowhere"),
      await api("PATCH", "/health"),
      await api("OPTIONS", "/health", { headers: { origin: ALLOWED } }),
      await api("GET", "/docs"),
      await api("GET", "/recipes/?limit=500"),
    ];
    for (const res of responses) expect(res.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("sends no-store with a token, the caller's own account and other personal answers", async () => {
    const user = await makeUser();
    const admin = await makeUser({ role: "admin" });
    const token = await api("POST", "/auth/token", {
      json: { username: user.username, password: user.password },
    });
    expect(token.status).toBe(200);
    const personal = [
      token,
      await api("GET", "/users/me", { token: user.token }),
      await api("GET", `/users/${user.id}`, { token: user.token }),
      await api("GET", "/users/", { token: admin.token }),
      await api("POST", "/auth/token", { json: { username: user.username, password: "wrong password" } }),
    ];
    for (const res of personal) expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("lets the docs page keep its own caching", async () => {
    expect((await api("GET", "/docs")).headers["cache-control"]).toBe("public, max-age=300");
  });
});

describe("CORS", () => {
  it("allows the frontend's origin, with Vary: Origin", async () => {
    const res = await api("GET", "/health", { headers: { origin: ALLOWED } });
    expect(res.headers["access-control-allow-origin"]).toBe(ALLOWED);
    expect(res.headers["access-control-expose-headers"]).toBe("Location, Retry-After");
    expect(res.headers.vary).toBe("Origin");
  });

  it.each(["https://evil.example", "null", `${ALLOWED}.evil.example`, ALLOWED.toUpperCase()])(
    "sends no CORS allow headers to the origin %s, but still Vary: Origin",
    async (origin) => {
      for (const res of [
        await api("GET", "/health", { headers: { origin } }),
        await api("GET", "/nowhere", { headers: { origin } }),
        await api("OPTIONS", "/recipes", { headers: { origin } }),
      ]) {
        expect(res.headers).not.toHaveProperty("access-control-allow-origin");
        expect(res.headers).not.toHaveProperty("access-control-allow-methods");
        expect(res.headers.vary).toBe("Origin");
      }
    },
  );

  it("sends none without an Origin (not a browser's cross-origin request)", async () => {
    const res = await api("GET", "/recipes/");
    expect(res.headers).not.toHaveProperty("access-control-allow-origin");
    expect(res.headers.vary).toBe("Origin");
  });

  it("answers the allowed origin's preflight with the methods of the path", async () => {
    const res = await api("OPTIONS", "/recipes", { headers: { origin: ALLOWED } });
    expect(res.status).toBe(204);
    expect(res.headers["access-control-allow-origin"]).toBe(ALLOWED);
    expect(res.headers["access-control-allow-methods"]).toBe("GET, POST, OPTIONS");
    expect(res.headers["access-control-allow-headers"]).toBe("Authorization, Content-Type");
  });
});

describe("GET /docs security headers", () => {
  const policy = (csp: string) =>
    Object.fromEntries(
      csp.split(/;\s*/).map((directive) => {
        const [name = "", ...values] = directive.trim().split(/\s+/);
        return [name, values];
      }),
    );
  const hash = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

  it("is strict: nothing by default, no inline code but its own, no framing", async () => {
    const res = await api("GET", "/docs");
    const csp = policy(res.headers["content-security-policy"] ?? "");
    expect(csp["default-src"]).toEqual(["'none'"]);
    expect(csp["frame-ancestors"]).toEqual(["'none'"]);
    expect(csp["connect-src"]).toEqual(["'self'"]);
    expect(csp["base-uri"]).toEqual(["'none'"]);
    for (const directive of ["script-src", "style-src"]) {
      expect(csp[directive]?.length).toBeGreaterThan(0);
      for (const source of csp[directive] ?? []) expect(source).toMatch(/^'sha256-[A-Za-z0-9+/]+=*'$/);
    }
    expect(res.headers["x-frame-options"]).toBe("DENY");
  });

  it("covers every inline script and style of the page by its hash, so the page still runs", async () => {
    const res = await api("GET", "/docs");
    const csp = policy(res.headers["content-security-policy"] ?? "");
    const page: string = res.body;
    const scripts = inlineBlocks(page, "script");
    const styles = inlineBlocks(page, "style");
    expect(scripts).toHaveLength(2);
    expect(styles).toHaveLength(2);
    for (const script of scripts) expect(csp["script-src"]).toContain(hash(script));
    for (const style of styles) expect(csp["style-src"]).toContain(hash(style));
    // Nothing the hashes cannot cover in the markup itself: no attribute handlers, no javascript:
    // URLs, no external code (the inlined code is covered by the hashes above).
    const markup = page.replace(/<(script|style)>[\s\S]*?<\/\1>/g, "");
    expect(markup.length).toBeLessThan(2000);
    expect(/<[^>]+\son[a-z]+\s*=/i.test(markup)).toBe(false);
    expect(/javascript:/i.test(markup)).toBe(false);
    expect(/<(script|link)[^>]*\s(src|href)=/i.test(markup)).toBe(false);
    // Every <script> and <style> element was one of those counted.
    expect(/<(script|style)\b/i.test(markup)).toBe(false);
  });
});

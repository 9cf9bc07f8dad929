/**
 * The local servers behind a reverse proxy and against DNS rebinding (issue 36, items 2 and 4):
 * TRUST_PROXY takes the client from X-Forwarded-For, so one stranger's guesses lock out only the
 * stranger; a server on loopback answers 421 to a Host that is not one of loopback's names. Real
 * HTTP on a port, with the Host and X-Forwarded-For a browser or proxy would send.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { config } from "../../core/config.ts";
import { dispatch } from "../../functions/lib/local.ts";
import { hostCheck } from "../../scripts/lib/host-check.ts";
import { createApiServer } from "../../scripts/lib/http-server.ts";
import { createWebServer } from "../../scripts/lib/web-server.ts";
import { makeUser } from "../helpers/factories.ts";

const settable = config as { trustProxy: string | undefined; allowedHosts: string[] };

type Answer = { status: number; headers: Record<string, unknown>; body: string };

/** A request to `port` with exactly these headers (fetch cannot set Host). */
function send(port: number, method: string, path: string, headers: Record<string, string>, body?: string) {
  return new Promise<Answer>((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, method, path, headers }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => {
        text += chunk;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

const listen = (server: Server) =>
  new Promise<number>((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)),
  );
const close = (server: Server) => {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(resolve));
};

describe("DNS rebinding: servers on loopback answer to loopback's names only", () => {
  let api: Server;
  let web: Server;
  let apiPort = 0;
  let webPort = 0;
  const dist = mkdtempSync(join(tmpdir(), "recipes-dist-"));

  beforeAll(async () => {
    settable.allowedHosts = ["recipes.home.arpa"];
    api = createApiServer();
    mkdirSync(dist, { recursive: true });
    writeFileSync(join(dist, "index.html"), "<!doctype html><title>app</title>");
    web = createWebServer({ dist, api, hostAllowed: hostCheck("127.0.0.1", config.allowedHosts) });
    [apiPort, webPort] = [await listen(api), await listen(web)];
  });
  afterAll(async () => {
    settable.allowedHosts = [];
    await Promise.all([close(api), close(web)]);
    rmSync(dist, { recursive: true, force: true });
  });

  it.each([
    "rebound.example",
    "rebound.example:7000",
    "localhost.rebound.example",
    "127.0.0.1.nip.io",
    "10.0.0.5",
  ])("the API answers Host %s with 421 problem+json, before any handler runs", async (host) => {
    const res = await send(
      apiPort,
      "POST",
      "/api/v1/auth/token",
      {
        host,
        "content-type": "application/json",
      },
      JSON.stringify({ username: "dev-admin", password: "dev-admin-password" }),
    );
    expect(res.status).toBe(421);
    expect(res.headers["content-type"]).toBe("application/problem+json");
    expect(JSON.parse(res.body)).toEqual({
      type: "about:blank",
      title: "Misdirected Request",
      status: 421,
      detail: `This server answers only to localhost; '${host}' is not one of its names (ALLOWED_HOSTS adds one).`,
    });
  });

  it.each([
    "localhost",
    "localhost:7000",
    "LOCALHOST:7000",
    "app.localhost:7000",
    "127.0.0.1:7000",
    "127.0.0.2",
    "[::1]:7000",
    "recipes.home.arpa",
  ])("the API answers Host %s", async (host) => {
    expect((await send(apiPort, "GET", "/api/v1/health", { host })).status).toBe(200);
  });

  it("the app's server (npm start) answers 421 for its files and for /api under another name", async () => {
    const page = await send(webPort, "GET", "/", { host: "rebound.example:8000" });
    expect(page.status).toBe(421);
    expect(page.body).not.toContain("<title>");
    expect((await send(webPort, "GET", "/api/v1/health", { host: "rebound.example:8000" })).status).toBe(421);
    expect((await send(webPort, "GET", "/", { host: "localhost:8000" })).status).toBe(200);
  });

  it("checks nothing on a server bound to every address (HOST=0.0.0.0): its names are the operator's", () => {
    expect(hostCheck("0.0.0.0", [])).toBeUndefined();
    expect(hostCheck("192.168.1.10", [])).toBeUndefined();
    expect(hostCheck("::1", [])?.("rebound.example")).toBe(false);
  });
});

describe("TRUST_PROXY: the client behind a reverse proxy", () => {
  let server: Server;
  let port = 0;
  beforeAll(async () => {
    // The server reads the setting when it is made.
    settable.trustProxy = "1";
    server = createApiServer();
    settable.trustProxy = undefined;
    port = await listen(server);
  });
  afterAll(() => close(server));

  /** A login through the proxy on this machine, for the client it names. */
  const login = (client: string, username: string, password: string) =>
    send(
      port,
      "POST",
      "/api/v1/auth/token",
      { host: "localhost", "content-type": "application/json", "x-forwarded-for": client },
      JSON.stringify({ username, password }),
    );

  it("with TRUST_PROXY=1 a stranger's 10 failures lock out the stranger, not the owner behind the same proxy", async () => {
    const user = await makeUser();
    for (let i = 0; i < 10; i++)
      expect((await login("203.0.113.50", user.username, "wrong")).status).toBe(401);
    expect((await login("203.0.113.50", user.username, user.password)).status).toBe(429);
    expect((await login("198.51.100.7", user.username, user.password)).status).toBe(200);
    // A client cannot pick its own address: what it writes stands left of what the proxy appended.
    expect((await login("198.51.100.7, 203.0.113.50", user.username, user.password)).status).toBe(429);
  });

  it("without it every client is the proxy (the owner is locked out too), and the operator is warned once", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const unwarned = createApiServer();
    const unwarnedPort = await listen(unwarned);
    try {
      const user = await makeUser();
      const attempt = (client: string, password: string) =>
        send(
          unwarnedPort,
          "POST",
          "/api/v1/auth/token",
          { host: "localhost", "content-type": "application/json", "x-forwarded-for": client },
          JSON.stringify({ username: user.username, password }),
        );
      for (let i = 0; i < 10; i++) await attempt(`203.0.113.${60 + i}`, "wrong");
      expect((await attempt("198.51.100.8", user.password)).status).toBe(429);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0]?.[0])).toContain("but TRUST_PROXY is not set");
    } finally {
      await close(unwarned);
      warn.mockRestore();
    }
  });
});

describe("an invalid TRUST_PROXY", () => {
  it("stops the server from being made, with the setting's name and what is wrong", () => {
    settable.trustProxy = "example.com";
    try {
      expect(() => createApiServer()).toThrow(
        "Configuration error: TRUST_PROXY is invalid: 'example.com' is not a hop count, an address, a CIDR range, 'loopback' or 'private'.",
      );
    } finally {
      settable.trustProxy = undefined;
    }
  });
});

describe("on AWS, API Gateway's sourceIp is the client whatever the headers say", () => {
  it("an X-Forwarded-For a client writes changes nothing: its failures stay its own", async () => {
    settable.trustProxy = "1"; // even so: the Lambda reads requestContext.http.sourceIp
    try {
      const user = await makeUser();
      const attempt = (password: string, forwardedFor: string) =>
        dispatch({
          method: "POST",
          url: "/api/v1/auth/token",
          headers: { "content-type": "application/json", "x-forwarded-for": forwardedFor },
          body: JSON.stringify({ username: user.username, password }),
          sourceIp: "203.0.113.90",
        });
      for (let i = 0; i < 10; i++) expect((await attempt("wrong", `198.51.100.${i}`)).status).toBe(401);
      expect((await attempt(user.password, "198.51.100.200")).status).toBe(429);
    } finally {
      settable.trustProxy = undefined;
    }
  });
});

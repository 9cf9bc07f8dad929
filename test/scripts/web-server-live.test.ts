/**
 * The built app's server (scripts/lib/web-server.ts, `npm start`) and the live list: a WebSocket on
 * the app's own port at /api/v1/live is the API's live socket (the same handlers, as the app built
 * without VITE_LIVE_URL opens it), other upgrades are refused, and the pages' policy lets the page
 * open that socket by name (Safari before 16 does not count ws: as 'self').
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { createApiServer } from "../../scripts/lib/http-server.ts";
import { closeServer } from "../../scripts/lib/serve.ts";
import { createWebServer } from "../../scripts/lib/web-server.ts";
import { makeHousehold, makeList, makeUser, type TestUser } from "../helpers/factories.ts";

const dist = mkdtempSync(join(tmpdir(), "recipes-web-live-"));
mkdirSync(join(dist, "assets"));
writeFileSync(join(dist, "index.html"), "<!doctype html><title>Recipes</title>");

const api = createApiServer();
const web = createWebServer({
  dist,
  api,
  csp: { connect: ["http://127.0.0.1:9000"], img: ["https:"] },
});
let webPort = 0;
let owner: TestUser;
let member: TestUser;

const listen = (server: Server) =>
  new Promise<number>((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)),
  );

beforeAll(async () => {
  await listen(api);
  webPort = await listen(web);
  [owner, member] = [await makeUser(), await makeUser()];
});

afterAll(async () => {
  await Promise.all([closeServer(web, 1_000), closeServer(api, 1_000)]);
  rmSync(dist, { recursive: true, force: true });
});

/** A socket on the web app's port, with the messages it receives in order. */
async function openLive(path = "/api/v1/live") {
  const socket = new WebSocket(`ws://127.0.0.1:${webPort}${path}`);
  const received: unknown[] = [];
  const waiting: ((message: unknown) => void)[] = [];
  socket.on("message", (data) => {
    const message = JSON.parse(data.toString());
    const next = waiting.shift();
    if (next) next(message);
    else received.push(message);
  });
  await new Promise((resolve, reject) => {
    socket.once("open", resolve);
    socket.once("error", reject);
  });
  return {
    socket,
    // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON messages
    next: (): Promise<any> =>
      received.length > 0
        ? Promise.resolve(received.shift())
        : new Promise((resolve) => {
            waiting.push(resolve);
          }),
    send: (message: unknown) => socket.send(JSON.stringify(message)),
    closed: new Promise<number>((resolve) => socket.on("close", (code) => resolve(code))),
  };
}

/** The status an upgrade of `path` on the web app's port is refused with. */
function refusedUpgrade(path: string): Promise<number> {
  const socket = new WebSocket(`ws://127.0.0.1:${webPort}${path}`);
  return new Promise((resolve, reject) => {
    socket.on("unexpected-response", (_request, response) => resolve(response.statusCode ?? 0));
    socket.on("open", () => reject(new Error(`${path} was upgraded`)));
    socket.on("error", () => undefined);
  });
}

describe("the live socket on the web app's port", () => {
  it("is the API's: a household member subscribed there hears a tick made through the app's /api", async () => {
    const household = await makeHousehold(owner, [member]);
    const list = await makeList(owner, { household_id: household.id });
    const live = await openLive();
    live.send({ action: "subscribe", token: member.token, lists: [list.id] });
    expect(await live.next()).toEqual({ type: "subscribed", lists: [list.id] });

    const added = await fetch(`http://127.0.0.1:${webPort}/api/v1/shopping-lists/${list.id}/items`, {
      method: "POST",
      headers: { authorization: `Bearer ${owner.token}`, "content-type": "application/json" },
      body: JSON.stringify({ name: "kitchen roll", client_id: crypto.randomUUID() }),
    });
    expect(added.status).toBe(201);
    const item = (await added.json()) as { id: number };
    expect(await live.next()).toMatchObject({
      type: "item",
      list_id: list.id,
      item: { id: item.id, name: "kitchen roll", version: 1, updated_by: { user_id: owner.id } },
    });

    const ticked = await fetch(
      `http://127.0.0.1:${webPort}/api/v1/shopping-lists/${list.id}/items/${item.id}`,
      {
        method: "PUT",
        headers: { authorization: `Bearer ${owner.token}`, "content-type": "application/json" },
        body: JSON.stringify({ checked: true }),
      },
    );
    expect(ticked.status).toBe(200);
    expect(await live.next()).toMatchObject({
      type: "item",
      item: { id: item.id, checked: true, version: 2, updated_by: { username: owner.username } },
    });
    live.socket.close();
    await live.closed;
  });

  it("answers a subscribe the API refuses as the API does", async () => {
    const theirs = await makeList(owner);
    const live = await openLive();
    live.send({ action: "subscribe", token: member.token, lists: [theirs.id] });
    expect(await live.next()).toEqual({
      type: "error",
      status: 403,
      detail: `Shopping list ID ${theirs.id} belongs to another user.`,
    });
    live.send({ action: "subscribe", token: "not-a-token", lists: [theirs.id] });
    expect(await live.next()).toMatchObject({ type: "error", status: 401 });
    live.socket.close();
  });

  it("upgrades nothing else: the app's paths are a 404, other API paths the API's own 404", async () => {
    expect(await refusedUpgrade("/lists/5")).toBe(404);
    expect(await refusedUpgrade("/")).toBe(404);
    expect(await refusedUpgrade("/api/v1/recipes")).toBe(404);
  });

  it("goes when the API stops (1001), as on the API's own port", async () => {
    const other = createApiServer();
    const otherWeb = createWebServer({ dist, api: other });
    await listen(other);
    const port = await listen(otherWeb);
    const socket = new WebSocket(`ws://127.0.0.1:${port}/api/v1/live`);
    await new Promise((resolve, reject) => {
      socket.once("open", resolve);
      socket.once("error", reject);
    });
    const closed = new Promise<number>((resolve) => socket.on("close", (code) => resolve(code)));
    await Promise.all([closeServer(otherWeb, 1_000), closeServer(other, 1_000)]);
    expect(await closed).toBe(1001);
  });
});

describe("the pages' Content-Security-Policy", () => {
  const connectSrc = async (host?: string) => {
    const headers: Record<string, string> = host === undefined ? {} : { host };
    // fetch() sets Host itself; a raw request names any.
    const { request } = await import("node:http");
    const policy = await new Promise<string>((resolve, reject) => {
      const req = request({ host: "127.0.0.1", port: webPort, path: "/lists/5", headers }, (res) => {
        res.resume();
        resolve(String(res.headers["content-security-policy"]));
      });
      req.on("error", reject);
      req.end();
    });
    return policy
      .split("; ")
      .find((d) => d.startsWith("connect-src "))
      ?.split(" ")
      .slice(1);
  };

  it("names the live socket on the host the page was asked from, as ws: and wss:", async () => {
    expect(await connectSrc("recipes.example.org")).toEqual([
      "'self'",
      "http://127.0.0.1:9000",
      "ws://recipes.example.org",
      "wss://recipes.example.org",
    ]);
    expect(await connectSrc(`localhost:${webPort}`)).toEqual([
      "'self'",
      "http://127.0.0.1:9000",
      `ws://localhost:${webPort}`,
      `wss://localhost:${webPort}`,
    ]);
  });

  it("adds nothing for a Host that is not a plain host (it could not break out of the policy)", async () => {
    expect(await connectSrc("evil.example; script-src *")).toEqual(["'self'", "http://127.0.0.1:9000"]);
    expect(await connectSrc("a b")).toEqual(["'self'", "http://127.0.0.1:9000"]);
  });
});

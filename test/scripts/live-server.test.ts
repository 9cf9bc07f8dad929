/**
 * The live API against the local server: a real WebSocket on `/api/v1/live`, the handlers AWS runs,
 * and list changes made through the REST routes reaching the subscribed sockets. No test waits a
 * fixed time: a message that must not arrive is shown not to by the answer to a later message on the
 * same socket (a socket delivers in order, and a REST write answers only once its fan-out is done).
 */
import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { SignJWT } from "jose";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import WebSocket from "ws";
import { config } from "../../core/config.ts";
import { getDb } from "../../core/db.ts";
import { liveConnections } from "../../core/live/port.ts";
import { MAX_CONNECTIONS_PER_USER } from "../../core/live/service.ts";
import { createApiServer } from "../../scripts/lib/http-server.ts";
import { MAX_SOCKETS_PER_ADDRESS, MESSAGE_BURST } from "../../scripts/lib/live-server.ts";
import { api } from "../helpers/api.ts";
import {
  makeCast,
  makeHousehold,
  makeIngredient,
  makeList,
  makeRecipeWith,
  makeStore,
  makeUser,
  type TestUser,
} from "../helpers/factories.ts";
import { postItem } from "../helpers/shopping-list-api.ts";

const server = createApiServer();
let url = "";
let owner: TestUser;
let other: TestUser;
let admin: TestUser;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/live`;
  ({ owner, other, admin } = await makeCast());
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

/** A client of the live API: the messages it receives, in order, and how it closed. */
class LiveClient {
  private readonly received: unknown[] = [];
  private waiting: ((message: unknown) => void) | undefined;
  readonly closed: Promise<{ code: number; reason: string }>;

  private constructor(readonly socket: WebSocket) {
    socket.on("message", (data) => {
      const message = JSON.parse(data.toString());
      if (this.waiting) {
        const resolve = this.waiting;
        this.waiting = undefined;
        resolve(message);
      } else this.received.push(message);
    });
    this.closed = new Promise((resolve) =>
      socket.on("close", (code, reason) => resolve({ code, reason: reason.toString() })),
    );
  }

  static async open(): Promise<LiveClient> {
    const socket = new WebSocket(url);
    const client = new LiveClient(socket);
    await new Promise((resolve, reject) => {
      socket.once("open", resolve);
      socket.once("error", reject);
    });
    return client;
  }

  /** The next message (waits for it). */
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON messages
  next(): Promise<any> {
    if (this.received.length > 0) return Promise.resolve(this.received.shift());
    return new Promise((resolve) => {
      this.waiting = resolve;
    });
  }

  send(message: unknown): void {
    this.socket.send(typeof message === "string" ? message : JSON.stringify(message));
  }

  /** Subscribes and answers the server's reply. */
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON messages
  async subscribe(token: string, lists: number[]): Promise<any> {
    this.send({ action: "subscribe", token, lists });
    return this.next();
  }

  /** Proves nothing is waiting on the socket: the answer to a fresh request comes first. */
  async expectNothingBefore(token: string, ownList: number): Promise<void> {
    expect(await this.subscribe(token, [ownList])).toEqual({ type: "subscribed", lists: [ownList] });
  }

  close(): void {
    this.socket.close();
  }
}

const subscriptions = (listId: number) =>
  getDb().selectFrom("live_subscriptions").select("connection_id").where("list_id", "=", listId).execute();

describe("subscribe", () => {
  it("follows the lists the caller may read, and records who and until when", async () => {
    const [a, b] = [await makeList(owner), await makeList(owner)];
    const client = await LiveClient.open();
    expect(await client.subscribe(owner.token, [a.id, b.id])).toEqual({
      type: "subscribed",
      lists: [a.id, b.id],
    });
    const [subscription] = await subscriptions(a.id);
    expect(await subscriptions(b.id)).toEqual([subscription]);
    const connection = await getDb()
      .selectFrom("live_connections")
      .selectAll()
      .where("connection_id", "=", subscription?.connection_id as string)
      .executeTakeFirstOrThrow();
    expect(connection).toMatchObject({ user_id: owner.id, expires_at: expect.any(Date) });
    expect(connection.expires_at?.getTime()).toBeGreaterThan(Date.now());
    client.close();
    await client.closed;
    await vi.waitFor(async () => expect(await subscriptions(a.id)).toEqual([]));
  });

  it("a bad token is a 401, another user's list a 403, an unknown one a 404: the first refused is named, none is followed", async () => {
    const mine = await makeList(owner);
    const theirs = await makeList(other);
    const client = await LiveClient.open();
    expect(await client.subscribe("not-a-token", [mine.id])).toEqual({
      type: "error",
      status: 401,
      detail: "Token is invalid or has expired.",
    });
    expect(await client.subscribe(owner.token, [mine.id, theirs.id, 2_000_000_000])).toEqual({
      type: "error",
      status: 403,
      detail: `Shopping list ID ${theirs.id} belongs to another user.`,
    });
    expect(await client.subscribe(owner.token, [mine.id, 2_000_000_000, theirs.id])).toEqual({
      type: "error",
      status: 404,
      detail: "Shopping list ID 2000000000 was not found.",
    });
    // No token, or an empty one, is an unauthenticated request like any other: 401, not 422.
    for (const token of [undefined, "", null]) {
      client.send({ action: "subscribe", token, lists: [mine.id] });
      expect(await client.next()).toEqual({ type: "error", status: 401, detail: "Not authenticated." });
    }
    expect(await subscriptions(mine.id)).toEqual([]);
    // Nothing of the list reaches it.
    await postItem(mine.id, owner.token, { name: "soap" });
    const own = await makeList(other);
    await client.expectNothingBefore(other.token, own.id);
    client.close();
  });

  it("a message that is not a subscribe is answered with a 400 or a 422, and the connection stays", async () => {
    const client = await LiveClient.open();
    client.send("hello");
    expect(await client.next()).toEqual({ type: "error", status: 400, detail: "Message is not valid JSON." });
    client.send({ action: "ping" });
    expect(await client.next()).toMatchObject({
      type: "error",
      status: 422,
      errors: expect.arrayContaining([{ path: "action", message: "Must be 'subscribe'." }]),
    });
    client.send({ action: "subscribe", token: owner.token, lists: [] });
    expect(await client.next()).toMatchObject({
      status: 422,
      errors: [expect.objectContaining({ path: "lists" })],
    });
    const list = await makeList(owner);
    expect(await client.subscribe(owner.token, [list.id])).toEqual({ type: "subscribed", lists: [list.id] });
    client.close();
  });

  it("only /api/v1/live is a WebSocket", async () => {
    const socket = new WebSocket(url.replace("/live", "/recipes"));
    const refused = await new Promise<number>((resolve) =>
      socket.on("unexpected-response", (_request, response) => resolve(response.statusCode ?? 0)),
    );
    expect(refused).toBe(404);
  });

  it("a malformed handshake is a 400 and records no connection", async () => {
    // Rows made from now on (the earlier tests' sockets may still be going away meanwhile).
    const since = new Date();
    const madeSince = () =>
      getDb()
        .selectFrom("live_connections")
        .select("connection_id")
        .where("created_at", ">=", since)
        .execute();
    const { port } = new URL(url);
    const status = await new Promise<number>((resolve, reject) => {
      const request = httpRequest({
        host: "127.0.0.1",
        port,
        path: "/api/v1/live",
        headers: { connection: "Upgrade", upgrade: "websocket", "sec-websocket-version": "13" },
      });
      request.on("response", (response) => resolve(response.statusCode ?? 0));
      request.on("error", reject);
      request.end();
    });
    expect(status).toBe(400);
    expect(await madeSince()).toEqual([]);
  });
});

describe("what a subscriber hears", () => {
  it("an item added or changed arrives as the REST route answered it", async () => {
    const list = await makeList(owner);
    const client = await LiveClient.open();
    await client.subscribe(owner.token, [list.id]);
    const added = await postItem(list.id, owner.token, { name: "eggs", amount_readable: "6" });
    expect(await client.next()).toEqual({ type: "item", list_id: list.id, item: added.body });
    const ticked = await api("PUT", `/shopping-lists/${list.id}/items/${added.body.id}`, {
      token: owner.token,
      json: { checked: true },
    });
    const message = await client.next();
    expect(message).toEqual({ type: "item", list_id: list.id, item: ticked.body });
    expect(message.item).toMatchObject({ checked: true, version: 2, updated_by: { user_id: owner.id } });
    // A replayed PUT changes nothing, and says nothing.
    await api("PUT", `/shopping-lists/${list.id}/items/${added.body.id}`, {
      token: owner.token,
      json: { checked: true },
    });
    await client.expectNothingBefore(owner.token, list.id);
    client.close();
  });

  it("a removed item arrives as item_removed, one by one when the checked ones are cleared", async () => {
    const list = await makeList(owner);
    const [soap, tea, milk] = [
      await postItem(list.id, owner.token, { name: "soap" }),
      await postItem(list.id, owner.token, { name: "tea" }),
      await postItem(list.id, owner.token, { name: "milk" }),
    ];
    const client = await LiveClient.open();
    await client.subscribe(owner.token, [list.id]);
    await api("DELETE", `/shopping-lists/${list.id}/items/${soap.body.id}`, { token: owner.token });
    expect(await client.next()).toEqual({ type: "item_removed", list_id: list.id, item_id: soap.body.id });
    for (const item of [tea, milk]) {
      await api("PUT", `/shopping-lists/${list.id}/items/${item.body.id}`, {
        token: owner.token,
        json: { checked: true },
      });
      await client.next();
    }
    await api("DELETE", `/shopping-lists/${list.id}/items?checked=true`, { token: owner.token });
    const removed = [await client.next(), await client.next()];
    expect(removed).toEqual(
      expect.arrayContaining([
        { type: "item_removed", list_id: list.id, item_id: tea.body.id },
        { type: "item_removed", list_id: list.id, item_id: milk.body.id },
      ]),
    );
    client.close();
  });

  it("anything else arrives as list: a rename, a recipe added or taken back, and the list's deletion", async () => {
    const flour = await makeIngredient();
    const recipe = await makeRecipeWith(owner, [[flour.id, 100]], { servings: 2 });
    const list = await makeList(owner);
    const client = await LiveClient.open();
    await client.subscribe(owner.token, [list.id]);
    await api("PUT", `/shopping-lists/${list.id}`, { token: owner.token, json: { name: "Saturday" } });
    expect(await client.next()).toEqual({ type: "list", list_id: list.id, deleted: false });
    await api("POST", `/shopping-lists/${list.id}/recipes`, {
      token: owner.token,
      json: { recipe_id: recipe.id },
    });
    expect(await client.next()).toEqual({ type: "list", list_id: list.id, deleted: false });
    await api("DELETE", `/shopping-lists/${list.id}/recipes/${recipe.id}`, { token: owner.token });
    expect(await client.next()).toEqual({ type: "list", list_id: list.id, deleted: false });
    await api("DELETE", `/shopping-lists/${list.id}`, { token: owner.token });
    expect(await client.next()).toEqual({ type: "list", list_id: list.id, deleted: true });
    expect(await subscriptions(list.id)).toEqual([]);
    client.close();
  });

  it("an ingredient merged into another arrives as list on every list that held it, made by the merger", async () => {
    const [eggs, egg] = [await makeIngredient(), await makeIngredient()];
    const [holding, other] = [await makeList(owner), await makeList(owner)];
    expect(
      (await postItem(holding.id, owner.token, { ingredient_id: eggs.id, amount_grams: 50 })).status,
    ).toBe(201);
    const client = await LiveClient.open();
    await client.subscribe(owner.token, [other.id, holding.id]);
    const merged = await api("POST", `/ingredients/${eggs.id}/merge`, {
      token: admin.token,
      json: { into_id: egg.id },
    });
    expect(merged.status).toBe(200);
    expect(await client.next()).toEqual({ type: "list", list_id: holding.id, deleted: false });
    await client.expectNothingBefore(owner.token, other.id);
    const item = await getDb()
      .selectFrom("shopping_list_items")
      .select(["ingredient_id", "updated_by"])
      .where("list_id", "=", holding.id)
      .executeTakeFirstOrThrow();
    expect(item).toEqual({ ingredient_id: egg.id, updated_by: admin.id });
    client.close();
  });

  it("a delete elsewhere that changes a list arrives as list: its recipe, its store, an item's ingredient, its household", async () => {
    const flour = await makeIngredient({ owner });
    const recipe = await makeRecipeWith(owner, [], { servings: 2 });
    const store = await makeStore(owner);
    const household = await makeHousehold(owner, []);
    const [withRecipe, withStore, withFlour, shared, untouched] = [
      await makeList(owner),
      await makeList(owner, { store_id: store.id }),
      await makeList(owner),
      await makeList(owner, { household_id: household.id }),
      await makeList(owner),
    ];
    await api("POST", `/shopping-lists/${withRecipe.id}/recipes`, {
      token: owner.token,
      json: { recipe_id: recipe.id },
    });
    await postItem(withFlour.id, owner.token, { ingredient_id: flour.id, amount_grams: 100 });
    const client = await LiveClient.open();
    await client.subscribe(owner.token, [withRecipe.id, withStore.id, withFlour.id, shared.id, untouched.id]);
    const changed = (listId: number) => ({ type: "list", list_id: listId, deleted: false });

    expect((await api("DELETE", `/recipes/${recipe.id}`, { token: owner.token })).status).toBe(204);
    expect(await client.next()).toEqual(changed(withRecipe.id));
    expect((await api("DELETE", `/stores/${store.id}`, { token: owner.token })).status).toBe(204);
    expect(await client.next()).toEqual(changed(withStore.id));
    expect((await api("DELETE", `/ingredients/${flour.id}`, { token: owner.token })).status).toBe(204);
    expect(await client.next()).toEqual(changed(withFlour.id));
    expect((await api("DELETE", `/households/${household.id}`, { token: owner.token })).status).toBe(204);
    expect(await client.next()).toEqual(changed(shared.id));
    await client.expectNothingBefore(owner.token, untouched.id);
    client.close();
  });

  it("a user's deletion ends their lists for the household, and touches the lists with their recipes or an item they changed", async () => {
    const [leaver, member] = [await makeUser(), await makeUser()];
    const household = await makeHousehold(member, [leaver]);
    const theirs = await makeList(leaver, { household_id: household.id });
    const ours = await makeList(member, { household_id: household.id });
    const withTheirRecipe = await makeList(member);
    const untouched = await makeList(member);
    await postItem(ours.id, leaver.token, { name: "tea" });
    const recipe = await makeRecipeWith(leaver, [], { servings: 2 });
    await api("POST", `/shopping-lists/${withTheirRecipe.id}/recipes`, {
      token: member.token,
      json: { recipe_id: recipe.id },
    });
    const client = await LiveClient.open();
    await client.subscribe(member.token, [theirs.id, ours.id, withTheirRecipe.id, untouched.id]);
    expect((await api("DELETE", `/users/${leaver.id}`, { token: leaver.token })).status).toBe(204);
    const heard = [await client.next(), await client.next(), await client.next()];
    expect(heard).toEqual(
      expect.arrayContaining([
        { type: "list", list_id: theirs.id, deleted: true },
        { type: "list", list_id: ours.id, deleted: false },
        { type: "list", list_id: withTheirRecipe.id, deleted: false },
      ]),
    );
    await client.expectNothingBefore(member.token, untouched.id);
    client.close();
  });

  it("a member who leaves the household hears at once that the others' lists are lost (list), then nothing more of them", async () => {
    const member = await makeUser();
    const household = await makeHousehold(owner, [member]);
    const shared = await makeList(owner, { household_id: household.id });
    const own = await makeList(member);
    const [mine, theirs] = [await LiveClient.open(), await LiveClient.open()];
    await mine.subscribe(owner.token, [shared.id]);
    expect(await theirs.subscribe(member.token, [shared.id])).toEqual({
      type: "subscribed",
      lists: [shared.id],
    });
    const first = await postItem(shared.id, member.token, { name: "bread" });
    expect(await theirs.next()).toMatchObject({ type: "item", item: { id: first.body.id } });
    expect(await mine.next()).toMatchObject({ type: "item", item: { updated_by: { user_id: member.id } } });

    await api("DELETE", `/households/${household.id}/members/${member.id}`, { token: member.token });
    // The leaver's screen hears it now, not at the list's next change; the owner's hears nothing.
    expect(await theirs.next()).toEqual({ type: "list", list_id: shared.id, deleted: false });
    await postItem(shared.id, owner.token, { name: "butter" });
    expect(await mine.next()).toMatchObject({ type: "item", item: { name: "butter" } });
    await theirs.expectNothingBefore(member.token, own.id);
    expect(await theirs.subscribe(member.token, [shared.id])).toMatchObject({ type: "error", status: 403 });
    mine.close();
    theirs.close();
  });
});

describe("the token's expiry", () => {
  /** A token for `user` that expires in `seconds`, signed as the service signs its own. */
  const shortToken = async (user: TestUser, seconds: number) =>
    new SignJWT({ role: user.role, sid: user.sessionId })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(String(user.id))
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + seconds)
      .sign(new TextEncoder().encode(config.jwtSecret));

  it("closes the connection with 4001 when the token it subscribed with expires", async () => {
    const list = await makeList(owner);
    const client = await LiveClient.open();
    expect(await client.subscribe(await shortToken(owner, 2), [list.id])).toMatchObject({
      type: "subscribed",
    });
    expect(await client.closed).toEqual({ code: 4001, reason: "Token expired." });
    // `$disconnect` forgets it once the server has seen the close.
    await vi.waitFor(async () => expect(await subscriptions(list.id)).toEqual([]));
  });

  it("a change after the expiry closes it too, with nothing sent (what AWS, with no timer, relies on)", async () => {
    const list = await makeList(owner);
    const client = await LiveClient.open();
    await client.subscribe(owner.token, [list.id]);
    const [subscription] = await subscriptions(list.id);
    await getDb()
      .updateTable("live_connections")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where("connection_id", "=", subscription?.connection_id as string)
      .execute();
    await postItem(list.id, owner.token, { name: "soap" });
    expect(await client.closed).toEqual({ code: 4001, reason: "Token expired." });
  });

  it("a connection that is gone is forgotten at the next change", async () => {
    const list = await makeList(owner);
    const prefix = liveConnections()?.prefix as string;
    const gone = `${prefix}gone`;
    await getDb()
      .insertInto("live_connections")
      .values({ connection_id: gone, user_id: owner.id, expires_at: new Date(Date.now() + 60_000) })
      .execute();
    await getDb()
      .insertInto("live_subscriptions")
      .values({ connection_id: gone, list_id: list.id })
      .execute();
    await postItem(list.id, owner.token, { name: "soap" });
    const left = await getDb()
      .selectFrom("live_connections")
      .select("connection_id")
      .where("connection_id", "=", gone)
      .execute();
    expect(left).toEqual([]);
  });
});

describe("connections that cannot be reached", () => {
  it("a subscriber that stops reading is dropped, and posting to it never waits", async () => {
    const list = await makeList(owner);
    const client = await LiveClient.open();
    await client.subscribe(owner.token, [list.id]);
    const [subscription] = await subscriptions(list.id);
    const id = subscription?.connection_id as string;
    client.socket.pause(); // reads nothing more: what the server sends piles up
    const connections = liveConnections();
    const message = JSON.stringify({ type: "filler", text: "x".repeat(100_000) });
    let posts = 0;
    while (posts < 1000 && (await connections?.post(id, message))) posts += 1;
    // Megabytes queued in the kernel and in Node, then the server gives it up instead of waiting.
    expect(posts).toBeGreaterThan(10);
    expect(posts).toBeLessThan(1000);
    client.socket.resume();
    expect((await client.closed).code).toBe(1006);
    await vi.waitFor(async () => expect(await subscriptions(list.id)).toEqual([]));
  });

  it("a new password ends what the old tokens subscribed to, as it ends them on every route", async () => {
    const user = await makeUser();
    const [list, marker] = [await makeList(user), await makeList(admin)];
    const client = await LiveClient.open();
    await client.subscribe(user.token, [list.id]);
    const changed = await api("PUT", "/users/password", {
      token: user.token,
      json: { current_password: user.password, new_password: "a brand new secret" },
    });
    expect(changed.status).toBe(204);
    expect((await postItem(list.id, admin.token, { name: "soap" })).status).toBe(201);
    // Nothing of the soap arrived before the answer to this later message on the same socket.
    expect(await client.subscribe(admin.token, [marker.id])).toEqual({
      type: "subscribed",
      lists: [marker.id],
    });
    client.close();
  });

  it("connections nobody will close are forgotten when another opens: a token long expired, or never subscribed in 2 hours", async () => {
    const ids = ["stale-expired", "stale-silent", "fresh-silent"].map((name) => `${name}-${Date.now()}`);
    const [expired, silent, fresh] = ids as [string, string, string];
    await getDb()
      .insertInto("live_connections")
      .values([
        { connection_id: expired, user_id: owner.id, expires_at: new Date(Date.now() - 120_000) },
        { connection_id: silent },
        { connection_id: fresh },
      ])
      .execute();
    await sql`update live_connections set created_at = now() - interval '3 hours'
      where connection_id = ${silent}`.execute(getDb());
    const client = await LiveClient.open();
    const left = await getDb()
      .selectFrom("live_connections")
      .select("connection_id")
      .where("connection_id", "in", ids)
      .execute();
    expect(left).toEqual([{ connection_id: fresh }]);
    client.close();
  });
});

describe("limits, so that one client cannot hold the process", () => {
  /** The status of a handshake the server refuses (the `ws` client's unexpected-response). */
  const refusedStatus = (headers: Record<string, string> = {}) =>
    new Promise<number>((resolve, reject) => {
      const socket = new WebSocket(url, { headers });
      socket.on("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0));
      socket.on("open", () => {
        socket.close();
        reject(new Error("The handshake was accepted."));
      });
      socket.on("error", () => {});
    });

  it(`at most ${MAX_SOCKETS_PER_ADDRESS} sockets per address: the next handshake is 429, and one closing makes room`, async () => {
    // Sockets other tests of this file left open count too: fill up to the limit, whatever is open.
    const clients: LiveClient[] = [];
    let refused = 0;
    while (clients.length <= MAX_SOCKETS_PER_ADDRESS && refused === 0) {
      try {
        clients.push(await LiveClient.open());
      } catch {
        refused = await refusedStatus();
      }
    }
    expect(refused).toBe(429);
    expect(clients.length).toBeLessThanOrEqual(MAX_SOCKETS_PER_ADDRESS);
    const last = clients.pop();
    last?.close();
    await last?.closed;
    const again = await LiveClient.open();
    for (const client of [again, ...clients]) client.close();
    await Promise.all([again, ...clients].map((client) => client.closed));
  });

  it(`at most ${MAX_CONNECTIONS_PER_USER} connections of one user follow lists: the next subscribe is 429`, async () => {
    const user = await makeUser();
    const list = await makeList(user);
    const clients: LiveClient[] = [];
    for (let i = 0; i < MAX_CONNECTIONS_PER_USER; i++) {
      const client = await LiveClient.open();
      expect(await client.subscribe(user.token, [list.id])).toEqual({ type: "subscribed", lists: [list.id] });
      clients.push(client);
    }
    const extra = await LiveClient.open();
    expect(await extra.subscribe(user.token, [list.id])).toEqual({
      type: "error",
      status: 429,
      detail: `Too many live connections for this account (at most ${MAX_CONNECTIONS_PER_USER}): close one on another tab or device.`,
    });
    // A connection already following may subscribe again (its token renewed); another user is not held up.
    expect(await clients[0]?.subscribe(user.token, [list.id])).toMatchObject({ type: "subscribed" });
    expect(await extra.subscribe(owner.token, [(await makeList(owner)).id])).toMatchObject({
      type: "subscribed",
    });
    for (const client of [extra, ...clients]) client.close();
    await Promise.all([extra, ...clients].map((client) => client.closed));
  });

  it(`a socket that sends more than ${MESSAGE_BURST} messages at once is closed with 1008`, async () => {
    const client = await LiveClient.open();
    for (let i = 0; i < MESSAGE_BURST + 10; i++) client.send("hello");
    expect(await client.closed).toEqual({ code: 1008, reason: "Too many messages." });
  });

  it("a handshake naming another host is 421 (DNS rebinding), loopback's names are answered", async () => {
    expect(await refusedStatus({ host: "rebound.example:7000" })).toBe(421);
    const named = new WebSocket(url, { headers: { host: "localhost" } });
    await new Promise((resolve, reject) => {
      named.once("open", resolve);
      named.once("error", reject);
    });
    named.close();
  });
});

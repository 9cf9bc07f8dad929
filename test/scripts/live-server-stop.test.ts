/**
 * The local server stopping (its own file: a server installs its sockets as the process's live
 * connections, and stopping uninstalls them).
 */
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import WebSocket from "ws";
import { getDb } from "../../core/db.ts";
import { liveConnections } from "../../core/live/port.ts";
import { createApiServer } from "../../scripts/lib/http-server.ts";
import { makeList, makeUser } from "../helpers/factories.ts";

const subscriptions = (listId: number) =>
  getDb().selectFrom("live_subscriptions").select("connection_id").where("list_id", "=", listId).execute();

describe("the live API when the server stops", () => {
  it("a server that stops forgets its connections first: no other process would", async () => {
    const owner = await makeUser();
    const own = createApiServer();
    await new Promise<void>((resolve) => own.listen(0, "127.0.0.1", resolve));
    const list = await makeList(owner);
    const socket = new WebSocket(`ws://127.0.0.1:${(own.address() as AddressInfo).port}/api/v1/live`);
    await new Promise((resolve) => socket.once("open", resolve));
    const answer = new Promise((resolve) => socket.once("message", resolve));
    socket.send(JSON.stringify({ action: "subscribe", token: owner.token, lists: [list.id] }));
    await answer;
    expect(await subscriptions(list.id)).toHaveLength(1);
    const closed = new Promise<number>((resolve) => socket.once("close", resolve));
    await new Promise((resolve) => own.close(resolve));
    expect(await subscriptions(list.id)).toEqual([]);
    expect(await closed).toBe(1001);
  });

  it("a connection still opening when the server stops leaves no row either", async () => {
    const own = createApiServer();
    const prefix = liveConnections()?.prefix as string;
    await new Promise<void>((resolve) => own.listen(0, "127.0.0.1", resolve));
    const sockets = Array.from({ length: 5 }, () => {
      const socket = new WebSocket(`ws://127.0.0.1:${(own.address() as AddressInfo).port}/api/v1/live`);
      socket.on("error", () => undefined); // refused or cut while the server stops
      return socket;
    });
    // Stop while their $connect runs (the first is answered within milliseconds).
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => own.close(resolve));
    const left = await getDb()
      .selectFrom("live_connections")
      .select("connection_id")
      .where("connection_id", "like", `${prefix}%`)
      .execute();
    expect(left).toEqual([]);
    for (const socket of sockets) socket.terminate();
  });
});

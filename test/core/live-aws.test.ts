/**
 * The fan-out as it runs on AWS: through the API Gateway Management API client (a stand-in server
 * speaks its protocol here), PostToConnection per subscriber, a GoneException forgets the
 * connection, and a connection past its token's expiry gets DeleteConnection instead of messages.
 */
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Caller } from "../../core/auth/caller.ts";
import { getDb } from "../../core/db.ts";
import { awsConnections } from "../../core/live/aws-connections.ts";
import { useLiveConnections } from "../../core/live/port.ts";
import { addItem } from "../../core/shopping-list/service.ts";
import { makeList, makeUser, type TestUser } from "../helpers/factories.ts";

type Call = { method: string; connectionId: string; body: string; signed: boolean };

const calls: Call[] = [];
const gone = new Set<string>();
const managementApi = createServer(async (request: IncomingMessage, response) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const connectionId = decodeURIComponent(/\/@connections\/([^/?]+)/.exec(request.url ?? "")?.[1] ?? "");
  calls.push({
    method: request.method ?? "",
    connectionId,
    body: Buffer.concat(chunks).toString("utf8"),
    signed: /^AWS4-HMAC-SHA256 /.test(request.headers.authorization ?? ""),
  });
  if (gone.has(connectionId)) {
    response.writeHead(410, { "content-type": "application/json", "x-amzn-errortype": "GoneException" });
    response.end(JSON.stringify({ message: "Gone" }));
    return;
  }
  response.writeHead(request.method === "DELETE" ? 204 : 200);
  response.end();
});

let owner: TestUser;
const saved = { ...process.env };

beforeAll(async () => {
  await new Promise<void>((resolve) => managementApi.listen(0, "127.0.0.1", resolve));
  // What a Lambda's environment gives the SDK: its region and its role's credentials.
  Object.assign(process.env, {
    AWS_REGION: "us-east-1",
    AWS_ACCESS_KEY_ID: "AKIDLIVETEST",
    AWS_SECRET_ACCESS_KEY: "live-test-secret",
  });
  const { port } = managementApi.address() as AddressInfo;
  useLiveConnections(awsConnections(`http://127.0.0.1:${port}/prod`));
  owner = await makeUser();
});

afterAll(async () => {
  useLiveConnections(undefined);
  process.env = saved;
  await new Promise((resolve) => managementApi.close(resolve));
});

const asCaller = (user: TestUser): Caller => ({ id: user.id, username: user.username, role: user.role });

async function subscribed(connectionId: string, listId: number, expiresInMs: number): Promise<void> {
  const db = getDb();
  await db
    .insertInto("live_connections")
    .values({
      connection_id: connectionId,
      user_id: owner.id,
      expires_at: new Date(Date.now() + expiresInMs),
    })
    .execute();
  await db
    .insertInto("live_subscriptions")
    .values({ connection_id: connectionId, list_id: listId })
    .execute();
}

const connectionIds = () =>
  getDb().selectFrom("live_connections").select("connection_id").orderBy("connection_id").execute();

describe("the fan-out on AWS", () => {
  it("posts each change to each subscriber, forgets one that is gone, and deletes one whose token expired", async () => {
    const list = await makeList(owner);
    await subscribed("AbCdEf0=", list.id, 60_000);
    await subscribed("GoneGone=", list.id, 60_000);
    await subscribed("Expired0=", list.id, -1000);
    gone.add("GoneGone=");
    const { item } = await addItem(getDb(), list.id, { name: "soap" }, asCaller(owner));

    const posts = calls.filter((call) => call.method === "POST");
    expect(posts.map((call) => call.connectionId).sort()).toEqual(["AbCdEf0=", "GoneGone="]);
    const delivered = posts.find((call) => call.connectionId === "AbCdEf0=");
    expect(JSON.parse(delivered?.body ?? "")).toEqual({ type: "item", list_id: list.id, item });
    expect(calls.filter((call) => call.method === "DELETE").map((call) => call.connectionId)).toEqual([
      "Expired0=",
    ]);
    expect(calls.every((call) => call.signed)).toBe(true);
    expect(await connectionIds()).toEqual([{ connection_id: "AbCdEf0=" }]);
  });
});

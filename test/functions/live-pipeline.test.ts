/**
 * The live routes' Middy pipeline (functions/live/endpoint.ts), called as API Gateway's WebSocket API
 * calls it: the answers the local server's tests (test/scripts/live-server.test.ts) see through a
 * socket, here with what only the Lambda gets: a base64 message, the log line, a failed status.
 */
import { afterEach, describe, expect, it } from "vitest";
import { logger } from "../../core/log.ts";
import { type LiveEvent, liveEndpoint } from "../../functions/live/endpoint.ts";
import { handler as subscribe } from "../../functions/live/subscribe.ts";

const event = (routeKey: string, body?: string, isBase64Encoded = false): LiveEvent =>
  ({
    requestContext: {
      routeKey,
      eventType: routeKey === "$connect" ? "CONNECT" : "MESSAGE",
      connectionId: "pipeline-test",
      requestId: "pipeline-request",
      connectedAt: Date.now(),
    },
    isBase64Encoded,
    ...(body === undefined ? {} : { body }),
  }) as LiveEvent;

const base64 = (text: string) => Buffer.from(text, "utf8").toString("base64");

const written: Record<string, unknown>[] = [];
const write = logger.write;
afterEach(() => {
  logger.write = write;
  written.length = 0;
});
const capture = () => {
  logger.write = (line) => void written.push(JSON.parse(line));
};

describe("the live pipeline", () => {
  it("answers a message that is not JSON, sent as base64, with the contract's 400 and logs it as 400", async () => {
    capture();
    const answer = await subscribe(event("$default", base64("hello"), true));
    expect(answer).toEqual({
      statusCode: 200,
      body: JSON.stringify({ type: "error", status: 400, detail: "Message is not valid JSON." }),
    });
    expect(written).toEqual([
      expect.objectContaining({ level: "info", method: "WS", route: "$default", status: 400 }),
    ]);
  });

  it("reads a base64 subscribe: without a token it is a 401, not a 422", async () => {
    const answer = await subscribe(
      event("subscribe", base64(JSON.stringify({ action: "subscribe", lists: [1] })), true),
    );
    expect(JSON.parse(answer.body ?? "")).toEqual({
      type: "error",
      status: 401,
      detail: "Not authenticated.",
    });
  });

  it("names each field of a message that is not a subscribe (422)", async () => {
    const answer = await subscribe(event("$default", JSON.stringify({ action: "ping" })));
    expect(JSON.parse(answer.body ?? "")).toMatchObject({
      status: 422,
      detail: expect.stringMatching(/^Message is invalid: /),
      errors: expect.arrayContaining([{ path: "action", message: "Must be 'subscribe'." }]),
    });
  });

  it("answers a route without replies with the failure's status, logged with the error", async () => {
    capture();
    const failing = liveEndpoint("live/connect", { replies: false }, async () => {
      throw new Error("boom");
    });
    expect(await failing(event("$connect"), { awsRequestId: "aws-request" } as never)).toEqual({
      statusCode: 500,
    });
    expect(written).toEqual([
      expect.objectContaining({
        level: "error",
        request_id: "aws-request",
        route: "$connect",
        status: 500,
        error: expect.objectContaining({ message: "boom" }),
      }),
    ]);
  });

  it("answers 200 with the handler's message, and logs 200", async () => {
    capture();
    const echo = liveEndpoint("live/subscribe", { replies: true }, async (e) => e.body);
    expect(await echo(event("subscribe", "hi"))).toEqual({ statusCode: 200, body: "hi" });
    expect(written).toEqual([expect.objectContaining({ status: 200, request_id: "pipeline-request" })]);
  });
});
